import { App } from "antd";

/** 收藏本站: browsers forbid adding bookmarks from script, so tell the shopper the shortcut. */
export function SaveSiteLink() {
  const { message } = App.useApp();
  return (
    <button type="button" className="topbar-link topbar-button" onClick={() => void message.info("请使用 Ctrl+D 收藏本站")}>
      收藏本站
    </button>
  );
}
