import { codeOnly, list, page, record, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * Verification (docs/api/verify.md): what the reference's verification pages read (its PC client's
 * api/order/verification.js and the verification pages), and our own calls (the record detail and
 * the staff's verifier management), whose fields are our storefront's and console's.
 */
const verifyContent: Shape = {
  item_array: list({ img: "picture", name: "string", price: "money", num: "integer" }),
  remark_array: list({ title: "string", value: "string" }),
};

const verifyRecord: Shape = {
  ...verifyContent,
  id: "integer", verify_code: "string", verify_type: "string", verify_type_name: "string", order_id: "integer", order_no: "string",
  verifier_name: "string", verify_time: "unix", is_verify: "flag",
};

export const verifyReads: Record<string, FieldSpec> = {
  "/api/verify/checkisverifier": { verifier_id: "integer" },
  "/api/verify/getVerifyType": record("verify_type", { name: "string" }),
  "/api/verify/verifyInfo": {
    ...verifyContent,
    verify_code: "string", verify_type: "string", verify_type_name: "string", is_verify: "flag", verifier_name: "string", verify_time: "unix",
    expire_time: "unix",
  },
  "/api/verify/verify": codeOnly,
  "/api/verify/lists": page(verifyRecord),
  "/api/verify/detail": verifyRecord,
};

/** Ours: staff granting the verifier role, and a virtual goods' validity. */
export const verifierAdminReads: Record<string, FieldSpec> = {
  "/shopapi/verifier/lists": page({
    verifier_id: "integer", verifier_name: "string", member_id: "integer", username: "string", nickname: "string", mobile: "string",
    create_time: "unix", verify_count: "integer",
  }),
  "/shopapi/verifier/add": { verifier_id: "integer" },
  "/shopapi/verifier/delete": codeOnly,
  "/shopapi/goods/editvirtualindate": { goods_id: "integer" },
};
