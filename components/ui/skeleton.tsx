/** Placeholder lines while data loads, sized like the content so nothing jumps when it arrives. */
export function Skeleton({ lines = 3, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div className="stack" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines have no identity
          key={index}
          className="skeleton"
          style={{ width: `${100 - ((index * 17) % 40)}%` }}
        />
      ))}
    </div>
  );
}
