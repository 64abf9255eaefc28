import { describeMockContract } from "../support/mock-suite";

describeMockContract("auth-otp");
