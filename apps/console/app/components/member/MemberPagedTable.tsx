import { useCallback, useEffect, useState } from "react";
import { Table, type TableColumnsType } from "antd";
import type { BodyOf, EndpointPath } from "@shop/contract";
import type { Page } from "@shop/contract/codes";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/**
 * One tab of the member detail: a paged list of the member's rows from a /shopapi/member/* call
 * (orders, ledger, addresses, coupons). `reloadKey` changes when an adjustment should show.
 */
export default function MemberPagedTable<Row extends object>(props: {
  path: EndpointPath;
  body: Record<string, unknown>;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  emptyText: string;
  reloadKey?: number;
  label: string;
}) {
  const { path, body, rowKey, columns, emptyText, reloadKey, label } = props;
  const call = useStaffCall();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<Row>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const bodyKey = JSON.stringify(body);
  const load = useCallback(async () => {
    setLoading(true);
    const answer = (await call(path, { ...(JSON.parse(bodyKey) as object), page, page_size: 10 } as BodyOf<typeof path>)) as Page<Row> | undefined;
    setLoading(false);
    if (answer) setData(answer);
  }, [call, path, bodyKey, page]);
  useEffect(() => {
    void load();
  }, [load, reloadKey]);
  return (
    <Table<Row>
      aria-label={label}
      rowKey={rowKey}
      size="small"
      loading={loading}
      dataSource={data.list}
      columns={columns}
      locale={{ emptyText }}
      pagination={{ current: page, pageSize: 10, total: data.count, onChange: setPage, showTotal: (total) => `共 ${total} 条` }}
    />
  );
}
