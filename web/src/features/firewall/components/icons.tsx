export const firewallIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    className="size-12"
    aria-hidden="true"
  >
    <path
      d="M12 3l7.5 3v5.25c0 4.5-3.2 8.3-7.5 9.75-4.3-1.45-7.5-5.25-7.5-9.75V6L12 3z"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
