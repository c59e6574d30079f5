import { describe, expect, it } from "vitest";
import { pickFields } from "./pick-fields.ts";

describe("pickFields", () => {
  it("keeps the named fields only, falsy values too", () => {
    const item = { id: 3, name: "茶", stock: 0, image: "", extra: { big: true } };
    expect(pickFields(item, ["id", "stock", "image"] as const)).toEqual({ id: 3, stock: 0, image: "" });
  });
});
