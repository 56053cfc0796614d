import { pickerType } from './families';

/** departments chosen in 选择部门, kept as their ids */
export const selDepart = pickerType((services, ids) => services.departs(ids));
