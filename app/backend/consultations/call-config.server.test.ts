import { describe, expect, it } from "vitest";
import { iceServers, roomOpensMinutes } from "./call-config.server";

describe("ICE_SERVERS", () => {
  it("empty or unset: no ICE servers", () => {
    expect(iceServers({})).toEqual([]);
    expect(iceServers({ ICE_SERVERS: "" })).toEqual([]);
    expect(iceServers({ ICE_SERVERS: "   " })).toEqual([]);
  });

  it("a JSON list: urls as a string or a list, with a username and credential", () => {
    const servers = [
      { urls: "stun:stun.example.org:3478" },
      {
        urls: ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
        username: "pawpal",
        credential: "s3cret",
      },
    ];
    expect(iceServers({ ICE_SERVERS: ` ${JSON.stringify(servers)}\n` })).toEqual(servers);
    expect(iceServers({ ICE_SERVERS: "[]" })).toEqual([]);
  });

  it("not JSON: a sentence naming ICE_SERVERS", () => {
    expect(() => iceServers({ ICE_SERVERS: "turn:turn.example.org:3478" })).toThrow(
      /^ICE_SERVERS must be JSON/,
    );
    expect(() => iceServers({ ICE_SERVERS: "[{urls: 'stun:x'}]" })).toThrow(/^ICE_SERVERS must be JSON/);
  });

  it("JSON of the wrong shape: a sentence naming ICE_SERVERS", () => {
    for (const value of [
      { urls: "stun:stun.example.org" },
      [{ url: "stun:stun.example.org" }],
      [{ urls: "" }],
      [{ urls: [] }],
      [{ urls: ["turn:a"], username: 42 }],
      ["stun:stun.example.org"],
      "stun:stun.example.org",
    ]) {
      expect(() => iceServers({ ICE_SERVERS: JSON.stringify(value) }), JSON.stringify(value)).toThrow(
        /^ICE_SERVERS must be a list of \{"urls"/,
      );
    }
  });

  it("reads process.env by default", () => {
    const before = process.env.ICE_SERVERS;
    try {
      process.env.ICE_SERVERS = '[{"urls":"stun:from-env.example.org"}]';
      expect(iceServers()).toEqual([{ urls: "stun:from-env.example.org" }]);
    } finally {
      if (before === undefined) delete process.env.ICE_SERVERS;
      else process.env.ICE_SERVERS = before;
    }
  });
});

describe("ROOM_OPENS_MINUTES", () => {
  const sentence = "ROOM_OPENS_MINUTES must be a whole number of minutes from 0 to 60.";

  it("5 unless set; a whole number from 0 to 60 when set", () => {
    expect(roomOpensMinutes({})).toBe(5);
    expect(roomOpensMinutes({ ROOM_OPENS_MINUTES: "" })).toBe(5);
    expect(roomOpensMinutes({ ROOM_OPENS_MINUTES: "15" })).toBe(15);
    expect(roomOpensMinutes({ ROOM_OPENS_MINUTES: " 0 " })).toBe(0);
    expect(roomOpensMinutes({ ROOM_OPENS_MINUTES: "60" })).toBe(60);
  });

  it("refuses what is not a whole number from 0 to 60, with a sentence naming it", () => {
    for (const value of ["-1", "abc", "61", "2.5", "5 minutes"]) {
      expect(() => roomOpensMinutes({ ROOM_OPENS_MINUTES: value }), value).toThrow(sentence);
    }
  });
});
