import { codeOnly, page, type FieldSpec } from "./field-shape.ts";

/**
 * Evaluations (docs/api/evaluate.md): a reference client looks at `code` of add and again only (its
 * evaluation page then goes back to the order); the staff calls are ours.
 */
export const evaluateReads: Record<string, FieldSpec> = {
  "/api/goodsevaluate/add": codeOnly,
  "/api/goodsevaluate/again": codeOnly,
  "/shopapi/goodsevaluate/lists": page({
    evaluate_id: "integer", order_id: "integer", order_no: "string", order_goods_id: "integer", goods_id: "integer", sku_id: "integer",
    sku_name: "string", sku_image: "picture", content: "string", images: "pictures", scores: "integer", explain_type: "integer",
    explain_first: "string", member_id: "integer", member_name: "string", is_anonymous: "flag", is_audit: "integer", is_show: "flag",
    again_content: "string", again_images: "pictures", again_explain: "string", again_time: "unix", again_is_audit: "integer",
    shop_desccredit: "integer", shop_servicecredit: "integer", shop_deliverycredit: "integer", create_time: "unix",
  }),
  "/shopapi/goodsevaluate/audit": codeOnly,
  "/shopapi/goodsevaluate/reply": codeOnly,
  "/shopapi/goodsevaluate/delete": codeOnly,
};

/** Our extensions among them (the reference's back office is server-rendered). */
export const OUR_EVALUATE_CALLS = ["/shopapi/goodsevaluate/lists", "/shopapi/goodsevaluate/audit", "/shopapi/goodsevaluate/reply", "/shopapi/goodsevaluate/delete"];
