export function LogoMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#2563eb" />
      <path d="M10 21.5a5 5 0 0 1 .6-9.96A6.5 6.5 0 0 1 23 13.5a4 4 0 0 1-.5 8z" fill="#fff" />
    </svg>
  );
}
