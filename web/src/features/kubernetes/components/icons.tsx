// The cluster icon of the empty list (the sidebar's Kubernetes mark, larger).
export const clusterIcon = (
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
    <path d="M12 2l8.5 4.5v9L12 20l-8.5-4.5v-9zM12 8v4l3.5 2M12 12l-3.5 2" />
  </svg>
);
