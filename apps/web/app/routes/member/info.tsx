import { useRevalidator } from "react-router";
import { AvatarEditor } from "../../components/member/profile/AvatarEditor.tsx";
import { ProfileForm } from "../../components/member/profile/ProfileForm.tsx";
import { profileCss } from "../../components/member/profile/profile-css.ts";
import { useLayoutMember } from "../../components/member/useLayoutMember.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/info";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: profileCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "个人信息"), { name: "robots", content: "noindex" }];

/** /member/info: avatar, nickname, real name, sex and birthday of the member the layout loaded; saving reloads it (top bar, menu). */
export default function MemberInfoPage() {
  const member = useLayoutMember();
  const { defaultImages } = useGlobalData();
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  return (
    <div className="member-panel profile-page">
      <h1 className="member-panel-title">个人信息</h1>
      <AvatarEditor headimg={member.headimg} defaultHead={defaultImages.head} onChanged={reload} />
      <ProfileForm member={member} onSaved={reload} />
    </div>
  );
}
