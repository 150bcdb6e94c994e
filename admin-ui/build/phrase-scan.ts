import ts from 'typescript'

/** Where a phrase or a hard-coded text was found: `file:line`. */
export interface Found {
  text: string
  at: string
}

/** What one source file shows: phrases it translates, and texts it shows without translating. */
export interface ScanResult {
  phrases: Found[]
  hardCoded: Found[]
}

/** JSX attributes a person reads (or hears): a literal with letters there is an untranslated text. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'empty',
  'text',
])

/**
 * Attributes whose component translates them: `<ErrorView title>`, a dashboard card's `title` and
 * its figures' `label` (the kit's DashboardCard), any `addLabel` (list editors).
 */
const isPhraseAttribute = (tag: string, name: string) =>
  ((tag === 'ErrorView' || tag === 'DashboardCard') && name === 'title') ||
  (tag === 'DashboardFigure' && name === 'label') ||
  name === 'addLabel'

/** Dialog calls that translate their first argument (and `confirm`'s title and ok options). */
const TRANSLATING_METHODS = new Set(['error', 'confirm'])

/** Shown as written in every language: the product's name. */
const NOT_PHRASES = new Set(['Shopwright'])

const hasLetters = (text: string) => /\p{L}/u.test(text) && !NOT_PHRASES.has(text.trim())

/** The string literals an expression may evaluate to (`a ? 'x' : 'y'` gives both). */
function literalsOf(node: ts.Node | undefined): ts.StringLiteralLike[] {
  if (!node) return []
  if (ts.isStringLiteralLike(node)) return [node]
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression)
  if (ts.isConditionalExpression(node))
    return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)]
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
  )
    return [...literalsOf(node.left), ...literalsOf(node.right)]
  if (ts.isJsxExpression(node)) return literalsOf(node.expression)
  return []
}

function propertyName(node: ts.ObjectLiteralElementLike): string | undefined {
  return node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ? node.name.text
    : undefined
}

/** The name of the object property an object literal is the value of (`menu` in `menu: {...}`). */
function ownerProperty(node: ts.ObjectLiteralExpression): string | undefined {
  return ts.isPropertyAssignment(node.parent) ? propertyName(node.parent) : undefined
}

function tagName(attribute: ts.JsxAttribute): string {
  const element = attribute.parent.parent
  return element.tagName.getText()
}

/**
 * Reads one admin source file (TypeScript or TSX) for what it shows a person:
 * - phrases: literals given to `t(...)`, to `dialogs.error(...)` and `dialogs.confirm(...)` (which
 *   translate their title and question), an ErrorView's or a DashboardCard's `title`, a
 *   DashboardFigure's `label`, a list editor's `addLabel`, and a
 *   panel's `menu: { label, description }`;
 * - hard-coded texts: JSX text with letters, and literals with letters in attributes people read
 *   (`aria-label`, `placeholder`...) or in a `label:` that is not a menu's.
 */
export function scanPhrases(fileName: string, source: string): ScanResult {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  )
  const phrases: Found[] = []
  const hardCoded: Found[] = []
  const at = (node: ts.Node) =>
    `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`
  const phrase = (node: ts.Node | undefined) => {
    for (const literal of literalsOf(node)) phrases.push({ text: literal.text, at: at(literal) })
  }
  const shown = (node: ts.Node | undefined) => {
    for (const literal of literalsOf(node))
      if (hasLetters(literal.text)) hardCoded.push({ text: literal.text, at: at(literal) })
  }

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      if (ts.isIdentifier(callee) && callee.text === 't') phrase(node.arguments[0])
      if (ts.isPropertyAccessExpression(callee) && TRANSLATING_METHODS.has(callee.name.text)) {
        phrase(node.arguments[0])
        const options = node.arguments[1]
        if (callee.name.text === 'confirm' && options && ts.isObjectLiteralExpression(options))
          for (const property of options.properties)
            if (ts.isPropertyAssignment(property)) phrase(property.initializer)
      }
    } else if (ts.isJsxText(node)) {
      if (hasLetters(node.text)) hardCoded.push({ text: node.text.trim(), at: at(node) })
    } else if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      shown(node.expression)
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText()
      if (isPhraseAttribute(tagName(node), name)) phrase(node.initializer)
      else if (READ_ATTRIBUTES.has(name)) shown(node.initializer)
    } else if (ts.isObjectLiteralExpression(node)) {
      const isMenu = ownerProperty(node) === 'menu'
      for (const property of node.properties) {
        if (!ts.isPropertyAssignment(property)) continue
        const name = propertyName(property)
        if (isMenu && (name === 'label' || name === 'description')) phrase(property.initializer)
        else if (name === 'label') shown(property.initializer)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return { phrases, hardCoded }
}
