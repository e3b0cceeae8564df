import { ArrowRightIcon } from 'lucide-react';

/**
 * A link's text followed by an arrow that never wraps onto a line of its own: the last
 * word and the arrow are kept together (in any language), the rest wraps as text does.
 */
export function ArrowText({ text }: { text: string }) {
  const cut = text.lastIndexOf(' ');
  return (
    <>
      {cut === -1 ? '' : text.slice(0, cut + 1)}
      <span className="whitespace-nowrap">
        {text.slice(cut + 1)}
        <ArrowRightIcon className="ml-1 inline size-4 align-[-3px]" aria-hidden="true" />
      </span>
    </>
  );
}
