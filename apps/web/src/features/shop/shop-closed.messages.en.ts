/** The shopClose texts in English; they load with the screens that use them. */
export const shopClosedMessagesEn = {
  shopClose: {
    title: "The shop is closed",
    body: "While the shop is closed, its goods, orders and promotions cannot be managed.",
    owner: "You can reopen it now.",
    staff: "Ask the shop owner to reopen it.",
    settings: "Open shop settings",
  },
};
