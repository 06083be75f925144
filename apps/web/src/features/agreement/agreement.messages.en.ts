/** The agreement texts in English; they load with the screens that use them. */
export const agreementMessagesEn = {
  agreement: {
    title: "Agreement",
    updatedAt: "Updated {{date}}",
    missing: "This text could not be loaded.",
    kind: { user: "User agreement", privacy: "Privacy policy" },
  },
};
