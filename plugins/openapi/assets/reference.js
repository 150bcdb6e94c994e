// The API reference page (GET /query/openapi, plugins/openapi/README.md): reads the OpenAPI
// document as the signed-in member of staff, and only then loads Swagger UI to show it, so a
// visitor who may not read it downloads nothing more than this file.
const root = document.getElementById('api')
// The stamp of the files' contents the page names its own files with (reference-page.ts).
const stamp = document.documentElement.dataset.stamp

/** A message in place of the reference, with a link when there is something to do. */
function say(text, link) {
  root.replaceChildren()
  const paragraph = document.createElement('p')
  paragraph.className = 'api-message'
  paragraph.textContent = text
  if (link) {
    const anchor = document.createElement('a')
    anchor.href = link.href
    anchor.textContent = link.text
    paragraph.append(' ', anchor)
  }
  root.append(paragraph)
}

function load(tag, attributes) {
  return new Promise((resolve, reject) => {
    const element = Object.assign(document.createElement(tag), attributes)
    element.onload = resolve
    element.onerror = () => reject(new Error(`${attributes.src ?? attributes.href} did not load`))
    document.head.append(element)
  })
}

async function show() {
  // Relative to /query/openapi: the document is /query/openapi.json, the renderer under assets/.
  const answer = await fetch('openapi.json', {
    headers: { Accept: 'application/json', Device: 'api-reference' },
    credentials: 'same-origin',
  })
  if (answer.status === 401) {
    say('Sign in to the admin as staff to read the API reference, then reload this page.', {
      href: '/login',
      text: 'Sign in',
    })
    return
  }
  if (answer.status === 403) {
    say('Your account may not read the API reference: it is for staff who may open the admin.')
    return
  }
  if (!answer.ok) {
    say(`The API reference could not be read (${answer.status}). Reload the page to try again.`)
    return
  }
  const spec = await answer.json()
  // The document names draft 2020-12 as its schemas' dialect; Swagger UI reads them the same but
  // warns at the top of the page for any dialect but OpenAPI's own, of which 2020-12 is the core.
  delete spec.jsonSchemaDialect
  const assets = 'openapi/assets/'
  await Promise.all([
    load('link', { rel: 'stylesheet', href: `${assets}swagger-ui.css${stamp}` }),
    load('script', { src: `${assets}swagger-ui-bundle.js${stamp}` }),
  ])
  root.replaceChildren()
  window.SwaggerUIBundle({
    spec,
    domNode: root,
    deepLinking: true,
    filter: true,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    // A page to read: calls are made from the admin or a client, with their own session and Device.
    supportedSubmitMethods: [],
    // No badge from the public validator: the page asks nothing of other sites.
    validatorUrl: null,
  })
}

show().catch((failure) => say(`The API reference could not be shown: ${failure.message}`))
