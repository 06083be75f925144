import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { accountService as a } from "./staff.account";
import { exportStaffList } from "./staff.export";
import { staffService as s } from "./staff.service";

export function staffRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(
    app,
    platform,
    contract.staff,
    {
      selMemberByPage: (input, ctx) => s.selMemberByPage(ctx, input),
      exportStaffList: (input, ctx) => exportStaffList(ctx, input),
      addMemberEmployee: (input, ctx) => s.addMemberEmployee(ctx, input),
      selMemberEmpById: (input, ctx) => s.selMemberEmpById(ctx, input),
      updMemberEmpById: (input, ctx) => s.updMemberEmpById(ctx, input),
      delMemberEmpById: (input, ctx) => s.delMemberEmpById(ctx, input),
      add: (input, ctx) => s.add(ctx, input),
      resetMemberEmpPassword: (input, ctx) => s.resetMemberEmpPassword(ctx, input),
      selAccountPreview: (input, ctx) => s.selAccountPreview(ctx, input),
      selInvitationPage: (input, ctx) => s.selInvitationPage(ctx, input),
      cancelInvitation: (input, ctx) => s.cancelInvitation(ctx, input),
      selMyAccountNotices: (_input, ctx) => a.selMyAccountNotices(ctx),
      sendPhoneConfirmCode: (_input, ctx) => a.sendPhoneConfirmCode(ctx, platform.sms),
      confirmPhone: (input, ctx) => a.confirmPhone(ctx, input),
      acceptInvitation: (input, ctx) => a.acceptInvitation(ctx, input),
      declineInvitation: (input, ctx) => a.declineInvitation(ctx, input),
      selfuncIds: (input, ctx) => s.selfuncIds(ctx, input),
      upd: (input, ctx) => s.upd(ctx, input),
      selById: (input, ctx) => s.selById(ctx, input),
      selMemberEmployeesByParam: (input, ctx) => s.selMemberEmployeesByParam(ctx, input),
      selFuncById: (input, ctx) => s.selFuncById(ctx, input),
      addRole: (input, ctx) => s.addRole(ctx, input),
      updRole: (input, ctx) => s.updRole(ctx, input),
      delRole: (input, ctx) => s.delRole(ctx, input),
      selectProfession: (input, ctx) => s.selectProfession(ctx, input),
      addProfession: (input, ctx) => s.addProfession(ctx, input),
      selBaseInfoByAuthority: (input, ctx) => s.selBaseInfoByAuthority(ctx, input),
      selBaseList: (input, ctx) => s.selBaseList(ctx, input),
      addBase: (input, ctx) => s.addBase(ctx, input),
      updBase: (input, ctx) => s.updBase(ctx, input),
      updBaseEnabled: (input, ctx) => s.updBaseEnabled(ctx, input),
    },
    // Sending and checking SMS codes counts like the login calls.
    { rateLimited: ["sendPhoneConfirmCode", "confirmPhone"] },
  );
}
