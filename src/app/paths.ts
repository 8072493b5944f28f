// Every address of the site, so that links and the route table spell them once.

export const paths = {
  home: '/',
  about: '/about',
  policy: '/policy',
  course: (id: number | string) => `/courses/${id}`,
  feedbacks: '/feedbacks',
  library: '/library',
  timetable: '/timetable',
  account: '/account',
  profile: '/account/profile',
  profileEditor: '/account/profile/editor',
  passwordChange: '/account/profile/password',
  accountCourses: '/account/courses',
  /** The authors' admin area: served outside the site, so it is reached by a plain link. */
  admin: '/mutabo',
  login: '/user/login',
  signup: '/user/signup',
  signupEmailSent: '/user/signup-email-sent',
  resetPassword: '/user/reset-password',
  resetPasswordInstructions: '/user/reset-password/instructions',
  resetPasswordSuccess: '/user/reset-password/success',
  waitingForPayment: '/waiting-for-payment',
} as const;
