import { toast } from "../../ui/toast.ts";

/** 收藏本站: browsers forbid adding bookmarks from script, so tell the shopper the shortcut. */
export function SaveSiteLink() {
  return (
    <button type="button" className="topbar-link topbar-button" onClick={() => toast.info("请使用 Ctrl+D 收藏本站")}>
      收藏本站
    </button>
  );
}
