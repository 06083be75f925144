import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createStaffService } from "./staff.service";

export function staffRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.staff, createStaffService({ sms: platform.sms }), {
    // Sending and checking SMS codes counts like the login calls.
    rateLimited: ["sendPhoneConfirmCode", "confirmPhone"],
  });
}
