export const subnetIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    className="size-12"
    aria-hidden="true"
  >
    <path d="M12 3v6M12 15v6M5 9h14v6H5zM3 21h18" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
