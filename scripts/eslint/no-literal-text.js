/**
 * Participant-facing components render no literal text (docs/i18n.md): every word comes
 * from a message catalogue through useT, so it exists in English and Kiswahili.
 *
 * Reports text between JSX tags, string expressions among JSX children, and literal
 * strings in the attributes people read or hear (aria-label, title, placeholder, alt, ...).
 * Text without a letter (punctuation, digits, symbols) is allowed.
 */
const LETTER = /\p{L}/u;
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
]);
const MESSAGE =
  'Participant-facing text comes from a message catalogue (useT), in English and Kiswahili';

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'No literal text in participant-facing components' },
    schema: [],
  },
  create(context) {
    const report = (node) => context.report({ node, message: MESSAGE });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        const text = literalText(node.expression);
        if (text && LETTER.test(text)) report(node);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name)) return;
        const value =
          node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = literalText(value);
        if (text && LETTER.test(text)) report(node);
      },
    };
  },
};
