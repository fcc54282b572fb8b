/** A small spinner inside a busy button, announced to screen readers by its label. */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
