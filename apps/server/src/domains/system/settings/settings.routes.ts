import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import type { SettingStore } from "./settings.repository";
import { createSettingsService } from "./settings.service";

export function settingsRoutes(app: FastifyInstance, platform: Platform, store: SettingStore) {
  bindDomain(app, platform, contract.sellerSettings, createSettingsService(store));
}
