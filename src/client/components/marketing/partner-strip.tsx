import type { ReactNode } from 'react';

const ink = '#3f3f46';

/**
 * A partner's logo: a small mark and its wordmark, drawn inline so nothing is fetched.
 * `textLength` pins the wordmark's width whatever font the system picks, so the
 * drawing is exactly as wide as its viewBox and centres in its tile.
 */
function LogoSvg({
  name,
  wordmarkWidth,
  children,
}: {
  name: string;
  wordmarkWidth: number;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${52 + wordmarkWidth} 48`}
      role="img"
      aria-label={name}
      className="h-10 w-auto max-w-full"
    >
      {children}
      <text
        x="52"
        y="24"
        dy="0.35em"
        fontSize="19"
        fontWeight="700"
        fill={ink}
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        textLength={wordmarkWidth}
        lengthAdjust="spacingAndGlyphs"
      >
        {name}
      </text>
    </svg>
  );
}

const partners: { name: string; logo: ReactNode | null }[] = [
  { name: 'Mvuli Studios', logo: null },
  {
    name: 'Ndovu Freight',
    logo: (
      <LogoSvg name="Ndovu Freight" wordmarkWidth={146}>
        <rect x="4" y="6" width="36" height="36" rx="8" fill={ink} />
        <path
          d="M13 33V15l14 18V15"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </LogoSvg>
    ),
  },
  {
    name: 'Kilele Health',
    logo: (
      <LogoSvg name="Kilele Health" wordmarkWidth={138}>
        <path d="M4 40 18 12l8 14 5-8 11 22Z" fill={ink} />
        <path d="M34 6v10M29 11h10" stroke={ink} strokeWidth="3" strokeLinecap="round" />
      </LogoSvg>
    ),
  },
  {
    name: 'Tausi Pay',
    logo: (
      <LogoSvg name="Tausi Pay" wordmarkWidth={98}>
        <circle cx="22" cy="24" r="18" fill="none" stroke={ink} strokeWidth="4" />
        <circle cx="22" cy="24" r="10" fill="none" stroke={ink} strokeWidth="4" />
        <circle cx="22" cy="24" r="3.5" fill={ink} />
      </LogoSvg>
    ),
  },
];

/** The partner strip of the home page: one name set as text, three logos. */
export function PartnerStrip() {
  return (
    <ul className="mt-10 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {partners.map((partner) => (
        <li
          key={partner.name}
          className="flex h-20 items-center justify-center rounded-xl border bg-background px-4"
        >
          {partner.logo ?? (
            <span className="text-lg font-semibold tracking-widest whitespace-nowrap text-zinc-700 uppercase">
              {partner.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
