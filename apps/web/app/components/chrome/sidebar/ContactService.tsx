import { useState } from "react";
import { useGlobalData } from "../../../lib/global-data.ts";
import { AppLink } from "../AppLink.tsx";
import { toast } from "../../ui/toast.ts";
import { CustomerServiceIcon } from "../../ui/icons.tsx";
import { ChatDialog } from "./ChatDialog.tsx";

/**
 * SPEC §2/§4 联系客服: hidden for type none; type third opens third_url in a new tab; type
 * niushop opens the built-in chat for a member and warns a guest 您还未登录.
 */
export function ContactService() {
  const { servicer, member } = useGlobalData();
  const [chatOpen, setChatOpen] = useState(false);

  const content = (
    <>
      <span className="sidebar-icon">
        <CustomerServiceIcon />
      </span>
      <span className="sidebar-tip">联系客服</span>
    </>
  );

  if (servicer.type === "third") {
    if (!servicer.third_url) return null;
    return (
      <AppLink to={servicer.third_url} newTab className="sidebar-item" aria-label="联系客服">
        {content}
      </AppLink>
    );
  }
  if (servicer.type !== "niushop") return null;

  const openChat = () => {
    if (!member) {
      toast.warning("您还未登录");
      return;
    }
    setChatOpen(true);
  };
  return (
    <>
      <button type="button" className="sidebar-item" aria-label="联系客服" onClick={openChat}>
        {content}
      </button>
      {member && <ChatDialog open={chatOpen} onClose={() => setChatOpen(false)} />}
    </>
  );
}
