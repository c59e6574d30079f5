/** A read-only 0–5 star score (antd's disabled Rate), drawn by ui.css from one element. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const score = Math.min(5, Math.max(0, Math.round(value)));
  return (
    <span className={className ? `ui-stars ${className}` : "ui-stars"} role="img" aria-label={`${score} 星`}>
      <span className="ui-stars__on" style={{ width: `${score * 20}%` }} />
    </span>
  );
}
