import { useEffect, useState } from "react";
import { App, Checkbox, Empty, Modal } from "antd";
import type { StaffMemberLabel } from "@shop/contract/domains/admin-member";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** 设置标签: gives the chosen members exactly the ticked labels (theirs are replaced). */
export default function MemberLabelModal(props: { memberIds: number[]; initial: number[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { memberIds, initial, open, onClose, onDone } = props;
  const call = useStaffCall();
  const { message } = App.useApp();
  const [labels, setLabels] = useState<StaffMemberLabel[]>([]);
  const [chosen, setChosen] = useState<number[]>(initial);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setChosen(initial);
    void call("/shopapi/memberlabel/lists", {}).then((list) => list && setLabels(list));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refilled each time it opens, with the labels the members have then
  }, [open]);

  const save = async () => {
    setSaving(true);
    const done = await call("/shopapi/member/modifylabel", { member_ids: memberIds, label_ids: chosen });
    setSaving(false);
    if (!done) return;
    void message.success(`已为 ${memberIds.length} 位会员设置标签`);
    onDone();
    onClose();
  };

  return (
    <Modal title={`设置标签（${memberIds.length} 位会员）`} open={open} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText="保存">
      {labels.length === 0 ? (
        <Empty description="还没有会员标签，请先在「会员标签」中添加" />
      ) : (
        <Checkbox.Group value={chosen} onChange={(values) => setChosen(values)} options={labels.map((label) => ({ label: label.label_name, value: label.label_id }))} />
      )}
    </Modal>
  );
}
