import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { StaffServicerState } from "@shop/contract/domains/chat";
import { useStaffCall } from "./use-staff-call.ts";

/**
 * The signed-in servicer's online state, shared by the header's switch and the workbench: binding
 * the workbench's socket sets the servicer online on the server, the switch sets it either way
 * (/shopapi/chat/online; going offline hands the open conversations back to the queue). A choice
 * of 离线 is remembered for the browser tab, so a socket that reconnects does not undo it.
 */
interface Presence {
  servicer: StaffServicerState | null;
  /** what the servicer chose last in this tab (1 unless they switched offline) */
  wanted: 0 | 1;
  setOnline(online: 0 | 1): Promise<void>;
  /** the state a call answered (bind, online) */
  update(state: StaffServicerState): void;
  /** asks the server again, soon (the number of open conversations changed) */
  refresh(): void;
}

const PresenceContext = createContext<Presence | null>(null);
const OFFLINE_CHOICE_KEY = "console.chat.offline";
const REFRESH_DELAY_MS = 500;

function storedChoice(): 0 | 1 {
  return typeof sessionStorage !== "undefined" && sessionStorage.getItem(OFFLINE_CHOICE_KEY) === "1" ? 0 : 1;
}

export function PresenceProvider({ staffId, canServe, children }: { staffId: number; canServe: boolean; children: ReactNode }) {
  const call = useStaffCall();
  const [servicer, setServicer] = useState<StaffServicerState | null>(null);
  const [wanted, setWanted] = useState<0 | 1>(storedChoice);

  const load = useCallback(async () => {
    const list = await call("/shopapi/chat/servicers", undefined, { silent: true });
    return list?.find((row) => row.servicer_id === staffId);
  }, [call, staffId]);

  useEffect(() => {
    if (!canServe) return;
    let current = true;
    void load().then((own) => {
      if (current && own) setServicer((known) => known ?? own);
    });
    return () => {
      current = false;
    };
  }, [load, canServe]);

  // Several conversations change at once when a servicer comes or goes: one call for the burst.
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refresh = useCallback(() => {
    if (!canServe) return;
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      void load().then((own) => own && setServicer(own));
    }, REFRESH_DELAY_MS);
  }, [load, canServe]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  const setOnline = useCallback(
    async (online: 0 | 1) => {
      sessionStorage.setItem(OFFLINE_CHOICE_KEY, online ? "0" : "1");
      setWanted(online);
      const state = await call("/shopapi/chat/online", { online });
      if (state) setServicer(state);
    },
    [call],
  );

  const value = useMemo<Presence>(() => ({ servicer, wanted, setOnline, update: setServicer, refresh }), [servicer, wanted, setOnline, refresh]);
  return <PresenceContext.Provider value={value}>{children}</PresenceContext.Provider>;
}

export function usePresence(): Presence {
  const presence = useContext(PresenceContext);
  if (!presence) throw new Error("usePresence outside PresenceProvider");
  return presence;
}
