/**
 * Every word table of the text, typed again from the text row by row (TBL-N-06 … TBL-N-55,
 * titles as printed): the library's tables must read exactly so, in roll order. The spot checks
 * in tables.test.ts sample a few rows; this pins every one of the 46 tables' rows.
 */
import { describe, expect, it } from "vitest"
import { tables } from "../src/tables/index.js"

/** The text's rows, in roll order (1…6, 1…20, or 1·2/1 … 5·6/6), joined by " · ". */
const TEXT: Readonly<Record<string, string>> = {
  "TBL-N-06": "Round · Long · Wide · Plain · Lined · Scarred",
  "TBL-N-07": "Piercing · Gentle · Cold · Weary · Bright · Distant",
  "TBL-N-08": "Short · Long · Curly · Braided · Bald · Gray",
  "TBL-N-09": "Slim · Stocky · Muscular · Heavy · Tall · Short",
  "TBL-N-10": "Old · Fancy · Odd · Trendy · Dirty · Patched",
  "TBL-N-11": "Fidgets · Stares · Laughs often · Mumbles · Gestures · Never smiles",
  "TBL-N-12": "Loud · Mysterious · Slow · Fancy · Rough · Soft",
  "TBL-N-13": "Brave · Patient · Kind · Loyal · Curious · Honest",
  "TBL-N-14": "Proud · Greedy · Rash · Stubborn · Restless · Fearful",
  "TBL-N-15": "Freedom · Justice · Wealth · Revenge · Duty · Survival",
  "TBL-N-16":
    "Alder · Bram · Cora · Dain · Elin · Finn · Mira · Tessa · Garron · Haldor · Ilya · Jora · Kellan · Lysa · Orrin · Petra · Rook · Sable · Thane · Uma",
  "TBL-N-17":
    "Vale · Wren · Yara · Zane · Aric · Bria · Calder · Della · Elden · Frey · Joss · Rowan · Kade · Lina · Merek · Nessa · Orla · Quin · Risa · Sten",
  "TBL-N-18":
    "Ash- · Brown- · Green- · Gray- · Clay- · Reed- · Moss- · Oak- · Pine- · Birch- · Hazel- · Flint- · Slate- · Sand- · Barley- · Rye- · Swift- · Still- · Long- · Short-",
  "TBL-N-19":
    "-brook · -field · -wood · -hill · -stone · -ford · -dale · -moor · -croft · -ton · -ham · -worth · -stead · -wick · -by · -leigh · -marsh · -bridge · -tree · -well",
  "TBL-N-24":
    "Wyrm- · Mist- · Sorrow- · Moon- · Serpent- · Black- · Storm- · Glass- · Silver- · Frost- · Dusk- · Veil- · Star- · Still- · Shadow- · White- · Dark- · Grey-",
  "TBL-N-25":
    "-haven · -water · -mere · -sound · -ford · -reach · -pool · -gulf · -tarn · -shore · -lake · -bourne · -deep · -bay · -run · -fall · -strand · -coast",
  "TBL-N-26":
    "Mist- · Wail- · Leech- · Blight- · Tangle- · Bone- · Rot- · Venom- · Drown- · Gloom- · Muck- · Reek- · Pitch- · Mourn- · Witch- · Creep- · Shade- · Foul-",
  "TBL-N-27":
    "-mire · -quag · -marsh · -sink · -fen · -seep · -ooze · -bog · -sump · -moor · -slough · -hollow · -shallow · -pool · -moss · -murk · -swamp · -mere",
  "TBL-N-28":
    "Green- · Gold- · Sun- · Whisper- · Wind- · Dawn- · Honey- · Amber- · Pale- · Wild- · Fair- · Bright- · Silver- · Still- · Long- · High- · Broad- · Ever-",
  "TBL-N-29":
    "-mead · -lea · -heath · -land · -plain · -field · -stead · -wold · -spread · -reach · -down · -grass · -span · -dale · -vale · -common · -ward · -march",
  "TBL-N-30":
    "Pine- · Oak- · Moss- · Briar- · Cinder- · Raven- · Thorn- · Hollow- · Shade- · Wolf- · Mist- · Root- · Elder- · Fern- · Black- · Whisper- · Deep- · Moon-",
  "TBL-N-31":
    "-wood · -grove · -thicket · -glade · -copse · -holt · -bough · -weald · -canopy · -brake · -shade · -wild · -pines · -oaks · -fir · -moss · -fern · -forest",
  "TBL-N-32":
    "Ice- · Riven- · Dead- · Frost- · Doom- · Howl- · Bleak- · Grim- · Iron- · Jagged- · Ash- · King- · Broken- · Silent- · Dread- · Sky- · Wyrm- · Giant-",
  "TBL-N-33":
    "-watch · -wall · -guard · -crown · -fang · -helm · -ridge · -mount · -spire · -crag · -horn · -tower · -spine · -tooth · -peak · -spear · -head · -reach",
  "TBL-N-34":
    "Scour- · Crack- · Ruin- · Void- · Raze- · Dead- · Curse- · Lost- · Scorch- · Endless- · Bone- · Still- · Char- · Dust- · Rift- · Grim- · Black- · Waste-",
  "TBL-N-35":
    "-field · -flat · -pan · -reach · -scape · -span · -sand · -plain · -waste · -land · -sea · -death · -hollow · -dune · -scar · -grave · -mark · -void",
  "TBL-N-36":
    "Bridge · Cairn · Tower · Barrow · Circle · Monastery · Standing Stones · Chapel · Temple · Dolmen · Keep · Mill · Shrine · Fort · Tomb · Abbey · Castle · Well",
  "TBL-N-37":
    "Overgrown · Haunted · Forgotten · Crumbling · Broken · Silent · Ancient · Cursed · Sunken · Weathered · Hidden · Lost · Abandoned · Flooded · Burned · Warded · Bloody · Hallowed",
  "TBL-N-38":
    "Shadow · Journey · Faith · Memory · Power · Ruin · Trade · Blood · Death · Fate · Knowledge · Vision · War · Truth · Nature · Honor · Life · Debt",
  "TBL-N-39":
    "Reveal · Guard · Destroy · Transform · Pursue · Depart · Gather · Betray · Weaken · Bind · Seize · Hide · Avenge · Uncover · Create · Release · Corrupt · Hunt",
  "TBL-N-40":
    "Ash- · Black- · Gold- · Iron- · Oak- · Raven- · Stone- · White- · Wolf- · Silver- · Gray- · Green- · Storm- · Winter- · Blood- · Star- · Thorn- · Red-",
  "TBL-N-41":
    "-wood · -ford · -vale · -crest · -brook · -mere · -mark · -ridge · -field · -haven · -tower · -keep · -hold · -gate · -crown · -shield · -sword · -blade",
  "TBL-N-42":
    "White- · Silver- · Gold- · Ash- · Star- · Moon- · Sun- · Dawn- · Sacred- · Holy- · True- · Silent- · Blessed- · Radiant- · Eternal- · Ancient- · Iron- · Crimson-",
  "TBL-N-43":
    "-flame · -path · -shield · -hand · -word · -way · -crown · -heart · -soul · -spirit · -grace · -vow · -oath · -song · -prayer · -gate · -tower · -vigil",
  "TBL-N-44":
    "Gold- · Silver- · Iron- · Silk- · Spice- · River- · Harbor- · Free- · Fair- · East- · West- · North- · South- · Royal- · Amber- · Copper- · Grand- · High-",
  "TBL-N-45":
    "-road · -port · -gate · -mark · -way · -bridge · -cross · -coin · -scale · -wheel · -hand · -key · -seal · -ring · -chain · -vault · -crown · -bond",
  "TBL-N-46":
    "Black- · Red- · Wild- · Free- · Shadow- · Night- · Wolf- · Raven- · Fox- · Crow- · Thorn- · Ash- · Iron- · Gray- · Broken- · Lost- · Scar- · Grim-",
  "TBL-N-47":
    "-blade · -knife · -fang · -claw · -heart · -hand · -eye · -wing · -paw · -blood · -bone · -moon · -wind · -stone · -mark · -tooth · -scar · -skull",
  "TBL-N-48":
    "Star- · Moon- · Silver- · Crystal- · Obsidian- · Azure- · Twilight- · Shadow- · Ancient- · Hidden- · Secret- · Mystic- · Deep- · Veiled- · Void- · Astral- · Crimson- · Onyx-",
  "TBL-N-49":
    "-tower · -spire · -eye · -hand · -flame · -gate · -key · -seal · -rune · -sigil · -ward · -mark · -tome · -scroll · -vault · -crown · -circle · -moon",
  "TBL-N-50":
    "Oak- · Ash- · Willow- · Thorn- · Moss- · Fern- · River- · Stone- · Wolf- · Bear- · Stag- · Raven- · Hawk- · Fox- · Otter- · Badger- · Pine- · Elder-",
  "TBL-N-51":
    "-root · -leaf · -bark · -branch · -shadow · -song · -path · -walker · -runner · -strider · -tracker · -watcher · -keeper · -heart · -spirit · -blood · -fang · -claw",
  "TBL-N-52":
    "Conquest · Unity · Secrets · Revenge · Riches · Balance · Power · Dominion · Immortality · Legacy · Expansion · Knowledge · Protection · Purity · Tradition · Freedom · Justice · Salvation",
  "TBL-N-53":
    "Force · Ritual · Deception · Charity · Scholarship · Intrigue · Magic · Devotion · Blood · Propaganda · Alliance · Espionage · Trade · Intimidation · Prophecy · Diplomacy · Assassination · Law",
  "TBL-N-54":
    "Archives · Relics · Monopoly · Scripture · Coffers · Fleet · Pact · Army · Artifact · Sanctuary · Oracle · Bloodline · Fortress · Spies · Mines · Network · Hostages · Farmland",
  "TBL-N-55":
    "Smuggling · Converting · Searching · Plotting · Negotiating · Retreating · Warring · Fortifying · Building · Purging · Recruiting · Trading · Excavating · Patrolling · Occupying · Infiltrating · Summoning · Hiding",
}

describe("word tables, verbatim", () => {
  const byRef = new Map(Object.values(tables).map((t) => [t.ref, t]))

  it("N-TABLE-01 N-TABLE-02 N-DETAILS-01 N-TABLE-03 N-REGION-05 N-REGION-07 N-FACTION-05 every word table reads as the text, row for row", () => {
    for (const [ref, text] of Object.entries(TEXT)) {
      const t = byRef.get(ref)
      expect(t, ref).toBeDefined()
      expect(t!.rows.map((r) => r.result).join(" · "), `${ref} ${t!.title}`).toBe(text)
    }
    expect(Object.keys(TEXT)).toHaveLength(46)
  })
})
