import { pickerType } from './families';

/** users chosen in 根据部门选择用户, kept as their ids */
export const selUser = pickerType((services, ids) => services.users(ids));
