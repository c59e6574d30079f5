import { Code, type AdvItem } from "@shop/contract";
import { loadRegisterConfig, redirectSignedInMember } from "../../lib/auth.ts";
import { LoginPanel } from "../../components/auth/LoginPanel.tsx";
import { LoginBanner } from "../../components/auth/LoginBanner.tsx";
import type { Route } from "./+types/login";
import authCss from "../../styles/auth.css?url";
import { pageMeta } from "../../lib/page-meta.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "用户登录");

/** The NS_PC_LOGIN ad (background on the left) and the enabled login methods; both optional. A signed-in member goes on. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [adv, config] = await Promise.all([
    context.api.raw("/api/adv/detail", { keyword: "NS_PC_LOGIN" }),
    loadRegisterConfig(context.api, request),
    redirectSignedInMember({ request, context }),
  ]);
  const ads: AdvItem[] = adv.code === Code.SUCCESS ? (adv.data?.adv_list ?? []) : [];
  return { ads, loginMethods: config.login, captchaOn: config.shop_reception_login === 1 };
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return (
    <LoginBanner ads={loaderData.ads}>
      <LoginPanel loginMethods={loaderData.loginMethods} captchaOn={loaderData.captchaOn} />
    </LoginBanner>
  );
}
