import { useCallback } from "react";
import { App } from "antd";

/** `confirm(title, okText, action)`: antd's confirm dialog (from the root App, no extra component CSS). */
export function useConfirm(): (title: string, okText: string, action: () => Promise<unknown>) => void {
  const { modal } = App.useApp();
  return useCallback(
    (title, okText, action) => {
      void modal.confirm({ title, okText, cancelText: "取消", okButtonProps: { danger: true }, onOk: () => action() });
    },
    [modal],
  );
}
