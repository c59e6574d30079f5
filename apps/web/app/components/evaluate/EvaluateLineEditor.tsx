import { useState, type ReactNode } from "react";
import { EVALUATE_IMAGES_MAX, type OrderEvaluateLine } from "@shop/contract";
import { ImageUploader } from "../upload/ImageUploader.tsx";
import { EvaluateLineHead } from "./EvaluateLineHead.tsx";
import { TextWithCounter } from "./TextWithCounter.tsx";
import { emptyDraft, type LineDraft } from "./evaluate-form.ts";

/** Each line's draft by order_goods_id, and a change of some of a line's fields (a line not yet touched starts empty). */
export function useLineDrafts(initial: () => Record<number, LineDraft> = () => ({})) {
  const [drafts, setDrafts] = useState<Record<number, LineDraft>>(initial);
  const change = (lineId: number, patch: Partial<LineDraft>) =>
    setDrafts((current) => ({ ...current, [lineId]: { ...(current[lineId] ?? emptyDraft()), ...patch } }));
  return [drafts, change] as const;
}

interface EvaluateLineEditorProps {
  line: OrderEvaluateLine;
  draft: LineDraft;
  onChange: (patch: Partial<LineDraft>) => void;
  /** the section's name, before the SKU's (评价 / 追评) */
  title: string;
  /** the text's label, after the SKU's name */
  textLabel: string;
  placeholder: string;
  disabled: boolean;
  /** shown above the text (the stars, or what was written first) */
  children?: ReactNode;
}

/** One line of the evaluation or the follow-up: its goods, then the text with its counter and the pictures. */
export function EvaluateLineEditor({ line, draft, onChange, title, textLabel, placeholder, disabled, children }: EvaluateLineEditorProps) {
  return (
    <section className="evaluate-line" aria-label={`${title} ${line.sku_name}`}>
      <EvaluateLineHead line={line} />
      <div className="evaluate-line-body">
        {children}
        <TextWithCounter
          label={`${line.sku_name} ${textLabel}`}
          value={draft.content}
          onChange={(content) => onChange({ content })}
          placeholder={placeholder}
          disabled={disabled}
        />
        <div className="evaluate-pictures">
          <span className="evaluate-pictures-label">晒图</span>
          <ImageUploader kind="evaluate" value={draft.images} onChange={(images) => onChange({ images })} max={EVALUATE_IMAGES_MAX} disabled={disabled} />
        </div>
      </div>
    </section>
  );
}
