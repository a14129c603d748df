export const serverIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-12"
    aria-hidden="true"
  >
    <rect x="3" y="4" width="18" height="7" rx="1.5" />
    <rect x="3" y="13" width="18" height="7" rx="1.5" />
    <path d="M7 7.5h.01M7 16.5h.01M11 7.5h6M11 16.5h6" />
  </svg>
);

const icon = (d: string) => (
  <svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-4"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

export const restartIcon = icon('M15.5 10a5.5 5.5 0 1 1-1.6-3.9M16 3.5v3.5h-3.5');
export const stopIcon = icon('M6 6h8v8H6z');
export const startIcon = icon('M7 5l8 5-8 5z');
/** Arrows out to the corners: a larger size. */
export const resizeIcon = icon('M11.5 3.5h5v5M16.5 3.5l-5.5 5.5M8.5 16.5h-5v-5M3.5 16.5l5.5-5.5');
