/** Line icons for the welcome cards (drawn here: headless and older devices often lack emoji fonts). */
const common = {
  width: 28,
  height: 28,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export const welcomeIcons = {
  create: (
    <svg {...common}>
      <path d="M3 9l1.5-5h15L21 9" />
      <path d="M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z" />
      <path d="M5 13v7h14v-7M10 20v-4h4v4" />
    </svg>
  ),
  explore: (
    <svg {...common}>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </svg>
  ),
  ad: (
    <svg {...common}>
      <path d="M3 10v4h3l7 4V6L6 10z" />
      <path d="M17 9a4 4 0 0 1 0 6M6 14l1 5h3l-1-5" />
    </svg>
  ),
  unlock: (
    <svg {...common}>
      <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z" />
    </svg>
  ),
} as const;
