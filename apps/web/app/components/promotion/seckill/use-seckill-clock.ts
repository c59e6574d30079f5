import { useEffect } from "react";
import { browserApi } from "../../../lib/api.ts";
import { useCountdownClock, type CountdownClock } from "../countdown.ts";

/**
 * The clock of the seckill list and the home page's strip: the server's (useCountdownClock) by the
 * answers' `serverTime`. Their page may come from the guests' page cache, its server time a little
 * old: once mounted, one fresh /seckill/api/seckill/lists sets the clock.
 */
export function useSeckillClock(serverTime: number): CountdownClock {
  const clock = useCountdownClock(serverTime);
  const { sync } = clock;
  useEffect(() => {
    void browserApi
      .call("/seckill/api/seckill/lists")
      .then((fresh) => sync(fresh.current_time))
      .catch(() => undefined);
  }, [sync]);
  return clock;
}
