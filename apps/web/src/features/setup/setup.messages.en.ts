/** The setup, audit texts in English; they load with the screens that use them. */
export const setupMessagesEn = {
  setup: {
    title: "Settings",
    screens: "Settings screens",
    noScreens: "No settings screens are available to your account.",
    changePasswordDesc: "Change the password you log in with.",
  },
  audit: {
    title: "Audit log",
    at: "Time",
    member: "Member",
    call: "Call",
    table: "Table",
    target: "Record",
    action: "Action",
    diff: "Change",
    dateRange: "Date range",
    empty: "No changes have been recorded yet.",
    actions: { insert: "Created", update: "Updated", delete: "Deleted" },
    system: "System",
  },
};
