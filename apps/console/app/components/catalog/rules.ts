import type { Rule } from "antd/es/form";
import { MAX_SORT } from "@shop/contract/domains/admin-catalog";

/**
 * Form rules of the catalogue's back-office forms, mirroring the contract's zod schemas
 * (packages/contract/src/domains/admin-catalog*.ts) so a mistake shows beside its field before
 * the server answers it.
 */

export const requiredName = (label: string, max: number): Rule[] => [
  { required: true, whitespace: true, message: `请输入${label}` },
  { max, message: `${label}不能超过 ${max} 个字` },
];

export const maxLength = (label: string, max: number): Rule[] => [{ max, message: `${label}不能超过 ${max} 个字` }];

export const sortRules: Rule[] = [{ type: "integer", min: 0, max: MAX_SORT, message: `排序须为 0–${MAX_SORT} 的整数` }];

/** A yuan amount: up to two decimals, not negative. */
export const yuanRules = (label: string): Rule[] => [
  { required: true, message: `请输入${label}` },
  { pattern: /^\d{1,9}(\.\d{1,2})?$/, message: `${label}须为不小于 0 的金额，最多两位小数` },
];
