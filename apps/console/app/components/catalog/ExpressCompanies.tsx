import { useCallback, useEffect, useState } from "react";
import { App, Button, Form, Input, InputNumber, Popconfirm, Space, Table } from "antd";
import type { Page } from "@shop/contract/codes";
import { MAX_SORT, type AdminExpressCompany } from "@shop/contract/domains/admin-catalog";
import FormDrawer from "./FormDrawer.tsx";
import { requiredName, sortRules } from "./rules.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

interface CompanyValues {
  company_name: string;
  code: string;
  sort: number;
}

/** Express companies (物流公司): the choices staff ship orders with. Search and paging in the URL. */
export default function ExpressCompanies() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const { query, setFilters, setPage } = useListQuery();
  const [data, setData] = useState<Page<AdminExpressCompany>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<AdminExpressCompany | "new" | null>(null);
  const searchText = query.filters.search_text ?? "";

  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/express/expresscompany", { page: query.page, page_size: query.pageSize, search_text: searchText });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, searchText]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: CompanyValues) => {
    const body = { company_name: values.company_name, code: (values.code ?? "").trim(), sort: values.sort ?? 0 };
    const done = editing && editing !== "new" ? await call("/shopapi/express/editcompany", { company_id: editing.company_id, ...body }) : await call("/shopapi/express/addcompany", body);
    if (!done) return false;
    void message.success(editing === "new" ? `物流公司「${values.company_name}」已添加` : "物流公司已保存");
    void load();
    return true;
  };
  const remove = async (company: AdminExpressCompany) => {
    if (await call("/shopapi/express/deletecompany", { company_id: company.company_id })) {
      void message.success(`已删除物流公司「${company.company_name}」`);
      void load();
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12, width: "100%", justifyContent: "space-between" }}>
        <Form layout="inline" key={searchText} initialValues={{ search_text: searchText }} onFinish={(values: { search_text?: string }) => setFilters({ search_text: (values.search_text ?? "").trim() })}>
          <Form.Item name="search_text" label="公司名称">
            <Input placeholder="搜索物流公司" allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">查询</Button>
          </Form.Item>
        </Form>
        <Button type="primary" onClick={() => setEditing("new")}>
          添加物流公司
        </Button>
      </Space>
      <Table<AdminExpressCompany>
        rowKey="company_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: "还没有物流公司" }}
        columns={[
          { title: "物流公司", dataIndex: "company_name" },
          { title: "快递编码", dataIndex: "code", width: 160, render: (code: string) => code || "—" },
          { title: "排序", dataIndex: "sort", width: 90 },
          {
            title: "操作",
            key: "actions",
            width: 140,
            render: (_, company) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(company)}>
                  编辑
                </Button>
                <Popconfirm title={`删除物流公司「${company.company_name}」？`} description="已发货的包裹保留公司名称" onConfirm={() => remove(company)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer<CompanyValues>
        title={editing === "new" ? "添加物流公司" : "编辑物流公司"}
        open={editing !== null}
        initialValues={editing && editing !== "new" ? editing : { company_name: "", code: "", sort: 0 }}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <Form.Item name="company_name" label="公司名称" rules={requiredName("公司名称", 50)}>
          <Input maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item name="code" label="快递编码" extra="物流查询用的公司编码，如 SF、YTO" rules={[{ pattern: /^[A-Za-z0-9_]*$/, message: "快递编码只能是字母、数字或下划线" }, { max: 30, message: "快递编码不能超过 30 个字符" }]}>
          <Input maxLength={30} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）" rules={sortRules}>
          <InputNumber min={0} max={MAX_SORT} precision={0} />
        </Form.Item>
      </FormDrawer>
    </>
  );
}
