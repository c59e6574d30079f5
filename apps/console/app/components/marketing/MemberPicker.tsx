import { useCallback, useEffect, useRef, useState } from "react";
import { Select } from "antd";
import { MAX_COUPON_SEND_MEMBERS, type PickableMember } from "@shop/contract/domains/admin-marketing";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** 昵称（手机号 or 会员名 when it differs） #id */
function labelOf(member: PickableMember): string {
  const name = member.nickname || member.username || `会员 ${member.member_id}`;
  const also = member.mobile || (member.username && member.username !== name ? member.username : "");
  return `${name}${also ? `（${also}）` : ""} #${member.member_id}`;
}

/**
 * Members chosen by searching their name, nickname, mobile or id on the server
 * (/shopapi/coupon/membersearch); the chosen keep their labels while the search changes.
 * A form field: value = member ids.
 */
export default function MemberPicker({ value = [], onChange, id }: { value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const call = useStaffCall();
  const known = useRef(new Map<number, PickableMember>());
  const [found, setFound] = useState<PickableMember[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const search = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setSearching(true);
        void call("/shopapi/coupon/membersearch", { search_text: text.trim().slice(0, 30), page: 1, page_size: 20 }, { silent: true })
          .then((page) => {
            for (const member of page?.list ?? []) known.current.set(member.member_id, member);
            setFound(page?.list ?? []);
          })
          .finally(() => setSearching(false));
      }, text ? 250 : 0);
    },
    [call],
  );
  useEffect(() => {
    search("");
    return () => clearTimeout(timer.current);
  }, [search]);

  const chosen = value.map((memberId) => known.current.get(memberId) ?? { member_id: memberId, username: "", nickname: "", mobile: "", headimg: "" });
  const options = [...chosen, ...found.filter((member) => !value.includes(member.member_id))].map((member) => ({ value: member.member_id, label: labelOf(member) }));

  return (
    <Select
      id={id}
      mode="multiple"
      aria-label="发放会员"
      value={value}
      onChange={(ids: number[]) => onChange?.(ids)}
      options={options}
      showSearch={{ filterOption: false, onSearch: search }}
      loading={searching}
      notFoundContent={searching ? "搜索中…" : "没有找到会员"}
      maxCount={MAX_COUPON_SEND_MEMBERS}
      placeholder="搜索会员名、昵称、手机号或 ID"
      style={{ width: "100%" }}
    />
  );
}
