import { useId, type SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function base({ size = 20, ...rest }: IconProps): SVGProps<SVGSVGElement> {
  return { width: size, height: size, viewBox: '0 0 24 24', fill: 'none', 'aria-hidden': true, ...rest };
}

/** The product mark: a V in a gradient tile. */
export function LogoMark({ size = 32, ...rest }: IconProps) {
  // An id of its own: `url(#id)` takes the first element of that id in the page, and when that mark is in a
  // hidden panel (display: none) its gradient draws nothing, so every other mark painted blank.
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" {...rest}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c89bff" />
          <stop offset="1" stopColor="#7b3fe4" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <path d="M16 20h8l8 16 8-16h8L36 46h-8z" fill="#fff" />
    </svg>
  );
}

/** Three bars (hamburger). */
export function MenuIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A cross. */
export function CloseIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The Windows logo. */
export function WindowsIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path
        d="M3 5.5l7.5-1v7H3zM11.5 4.3L21 3v8.5h-9.5zM3 12.5h7.5v7L3 18.5zM11.5 12.5H21V21l-9.5-1.3z"
        fill="currentColor"
      />
    </svg>
  );
}

/** An apple (macOS). */
export function AppleIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path
        d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9s-1.8-.9-3-.8c-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.7zM14.2 5.6c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.2z"
        fill="currentColor"
      />
    </svg>
  );
}

/** A right arrow. */
export function ArrowRightIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path
        d="M5 12h14M13 6l6 6-6 6"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A check mark. */
export function CheckIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A grid of tiles (matrix publishing). */
export function MatrixIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="3" y="3" width="7" height="7" rx="2" fill="currentColor" />
      <rect x="14" y="3" width="7" height="7" rx="2" fill="currentColor" opacity=".6" />
      <rect x="3" y="14" width="7" height="7" rx="2" fill="currentColor" opacity=".6" />
      <rect x="14" y="14" width="7" height="7" rx="2" fill="currentColor" />
    </svg>
  );
}

/** Scissors over a film frame (AI clipping). */
export function ClipIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="3" y="5" width="18" height="14" rx="3" stroke="currentColor" strokeWidth="2" />
      <path d="M10 9.5v5l4.5-2.5z" fill="currentColor" />
    </svg>
  );
}

/** A speech bubble (AI customer service). */
export function ChatIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path
        d="M4 5.5A2.5 2.5 0 016.5 3h11A2.5 2.5 0 0120 5.5v8a2.5 2.5 0 01-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 014 13.5z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="9" cy="9.5" r="1.2" fill="currentColor" />
      <circle cx="15" cy="9.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

/** A magnet (lead capture). */
export function MagnetIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path
        d="M5 4h4v8a3 3 0 006 0V4h4v8a7 7 0 01-14 0z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M5 8h4M15 8h4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A rising bar chart (data). */
export function ChartIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
