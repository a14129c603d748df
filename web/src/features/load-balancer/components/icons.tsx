export const loadBalancerIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    className="size-12"
    aria-hidden="true"
  >
    <path d="M12 3v6m0 0L5 15m7-6 7 6m-7-6v6" strokeLinecap="round" strokeLinejoin="round" />
    <circle cx="12" cy="3.5" r="1.5" />
    <rect x="3" y="15" width="4" height="5" rx="1" />
    <rect x="10" y="15" width="4" height="5" rx="1" />
    <rect x="17" y="15" width="4" height="5" rx="1" />
  </svg>
);
