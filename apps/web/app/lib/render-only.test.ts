import { describe, expect, it } from "vitest";
import { renderOnly, rendered } from "./render-only.ts";

describe("renderOnly", () => {
  it("is readable where it was made but has no enumerable key to serialize", () => {
    const wrapped = renderOnly([{ id: 1 }]);
    expect(wrapped.value).toEqual([{ id: 1 }]);
    expect(Object.keys(wrapped)).toEqual([]);
    expect(JSON.stringify({ floors: wrapped })).toBe('{"floors":{}}');
  });

  it("leaves data the browser loaded itself as a plain value", () => {
    expect(Object.keys(rendered(3))).toEqual(["value"]);
  });
});
