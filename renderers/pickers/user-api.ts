import type { Page } from '../../src/core/wire';
import { reportReadFailure } from '../common/failure';
import { users } from '../server/system';

/** a user as pickers list it ("User (picker)") */
export interface PickerUser {
  id: string;
  username: string;
  realname: string;
  sex_dictText?: string;
  phone?: string;
  orgCodeTxt?: string;
}

export interface UserQuery {
  pageNo: number;
  pageSize: number;
  /** the department and its sub-departments */
  departId?: string;
  /** account contains */
  username?: string;
}

/** one page of users for the picker; null when the server refused (already reported) */
export async function pageUsers(q: UserQuery): Promise<Page<PickerUser> | null> {
  const res = await users.page<PickerUser>({ ...q });
  if (res.success) return res.result;
  reportReadFailure(res);
  return null;
}

/** id → real name of the given users (the names of a record's stored ids) */
export async function userNames(ids: string[]): Promise<Map<string, string>> {
  const res = await users.byIds<PickerUser[]>(ids);
  return new Map(res.success ? res.result.map((u) => [u.id, u.realname]) : []);
}
