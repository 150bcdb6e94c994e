import { describe, expect, it } from 'vitest'
import { canFormat, formatSource } from './format.js'

describe('Format', () => {
  it('indents JSON, JavaScript, CSS and HTML by four spaces', async () => {
    expect(await formatSource('{"a":[1,2],"b":{"c":true}}', 'json')).toBe(
      '{ "a": [1, 2], "b": { "c": true } }\n',
    )
    expect(await formatSource('function f(){if(x){return 1}}', 'javascript')).toBe(
      'function f() {\n    if (x) {\n        return 1;\n    }\n}\n',
    )
    expect(await formatSource('a{color:red;margin:0}', 'css')).toBe(
      'a {\n    color: red;\n    margin: 0;\n}\n',
    )
    expect(await formatSource('<ul><li>One</li><li>Two</li></ul>', 'html')).toBe(
      '<ul>\n    <li>One</li>\n    <li>Two</li>\n</ul>\n',
    )
  })

  it('lays XML and SVG out one tag per line', async () => {
    expect(await formatSource('<?xml version="1.0"?><a><b x="1"/><c>T</c></a>', 'xml')).toBe(
      '<?xml version="1.0"?>\n<a>\n    <b x="1" />\n    <c>T</c>\n</a>\n',
    )
  })

  it('rejects text that does not parse, and has no format for plain text', async () => {
    await expect(formatSource('{"a":', 'json')).rejects.toThrow()
    expect(canFormat('plain')).toBe(false)
    expect(canFormat('json')).toBe(true)
  })
})
