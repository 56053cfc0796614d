/** what the public API answers for an activity (GET /visitor/activity/list and /detail) */
export interface Activity {
  id: string;
  title: string;
  place: string;
  startTime: string;
  endTime: string;
  signupDeadline: string;
  capacity: number;
  perPersonLimit: number;
  seatsLeft: number;
  signupState: 'open' | 'full' | 'closed' | 'ended';
  signupStateText: string;
  cover: string;
}

export interface Signup {
  id: string;
  activityId: string;
  name: string;
  mobile: string;
  partySize: number;
  /** 1 已报名, 2 已取消, 3 已签到 */
  state: '1' | '2' | '3';
  checkinCode: string;
  checkinTime: string | null;
  createTime: string;
}

export interface ActivityDetail extends Activity {
  description: string;
  gallery: string[];
  mySignup: Signup | null;
}

export interface Platform {
  systemName: string;
  logoUrl: string;
  wxauth: boolean;
}
