/** The rules page in English. */
import type { RulesText } from "./outline.ts";

export const rules: RulesText = {
  title: "How to play Chinese Checkers",
  lead: "Chinese Checkers is a race across a star. Move all your pieces into the point opposite before anyone else does. A turn is a single step, or a chain of jumps over other pieces: that is the whole game.",
  contents: "On this page",
  chapters: {
    board: {
      heading: "The board and the aim",
      body: [
        "The board is a star of 121 holes: a hexagon in the middle and six points of ten holes each. Every colour starts in one point and races to the point straight opposite, which is its **goal**.",
        "Nothing is captured in the race, and there are no kings and no points to count. Pieces never leave the board: every piece, yours or anyone else's, can become a bridge to jump over.",
        "Where the colours start depends on how many play:",
        {
          list: [
            "**2 players:** red (top) against blue (bottom).",
            "**3 players:** every other point (red, green and white), so every goal starts empty.",
            "**4 players:** two pairs of opposite points (yellow, green, white and black); the top and bottom points stay empty.",
            "**6 players:** every point.",
          ],
        },
        "Five players cannot race: one of them would face the empty point and have an easier way home. The capture variant takes 2 to 6 players.",
      ],
      sections: {},
    },
    turns: {
      heading: "Whose turn",
      body: [
        "Turns go clockwise round the star, colour by colour: red, yellow, green, blue, white, black, skipping the points nobody plays.",
        "Who begins is a setting of the table. By default it is drawn at random for every game; the host may instead choose a seat, when creating the table or between games. The page shows who begins before the game starts.",
        "In the capture variant the pieces belong to nobody, so players simply take turns in seat order, starting with the one who begins.",
      ],
      sections: {},
    },
    moves: {
      heading: "Moving: a step or jumps",
      body: [
        "On your turn you move one piece of your colour, either one step or a chain of jumps. Never both, and never two steps.",
      ],
      sections: {
        step: {
          heading: "A step",
          body: [
            "Move the piece to an empty hole next to it. Each hole has up to six neighbours, and every direction is allowed: forwards, sideways or backwards. A step ends your turn.",
          ],
        },
        jump: {
          heading: "A jump",
          body: [
            "Jump over one piece next to yours, of any colour, into the empty hole right behind it on the same line. The piece you jump over stays where it is.",
            "You cannot jump over an empty hole, over two pieces at once, or onto a hole that is taken.",
          ],
        },
        chain: {
          heading: "Chains of jumps",
          body: [
            "After a jump, the same piece may jump again from where it landed, as many times as there are jumps to make. The chain may turn at every landing, and you may stop after any jump: jumping is never compulsory, and neither is the longest chain.",
            "A chain may cross its own path and even pass through the hole it started from, but the piece must end the turn somewhere else.",
            "On this site you pick the piece and the hole where it should end. The board finds the route and numbers each landing, so a long chain is two clicks.",
          ],
        },
      },
    },
    finishing: {
      heading: "Getting home",
      body: [],
      sections: {
        places: {
          heading: "Finishing and places",
          body: [
            "A colour is home when its goal is full. The order your pieces arrive in does not matter, and having most of them home is not enough.",
            "When a player is home, the others play on for the remaining places until one is left. With two players the game ends at once. Pieces that are home stay on the board: everyone can still jump them, and their owner's turns are skipped.",
            "A game cannot go on for ever: it stops after 1,000 turns for every colour in play (2,000 in a two-player game), and everyone still racing shares the next place.",
          ],
        },
        blocking: {
          heading: "The anti-blocking rule",
          body: [
            "An opponent who leaves a piece in your goal cannot stop you. Your goal counts as full when every hole is taken, as long as at least one of the pieces is yours and none belongs to your own side.",
            "So opponents' pieces help fill your goal. Pieces of your own side do not: your other colour when you play several, or your partner's in a team game. Otherwise you could fill a goal with pieces you never meant to bring home.",
            "The rule is checked after every move, anyone's: if an opponent's move fills the last hole of your goal, you are home on that move.",
          ],
        },
        stuck: {
          heading: "No move, and leaving",
          body: [
            "A colour with no legal move passes; the table does it for you.",
            "Anyone may leave the game at any time. In the race, the pieces of a player who leaves are taken off the board, so that nobody's goal stays blocked, and their turns are skipped. A player who is already home keeps their place and their pieces.",
            "Players who leave rank after everyone who finished or was still playing at the end; whoever left first comes last. When only one player or team is left, the game ends and they take the next place. In the capture variant a player who leaves keeps their captures.",
          ],
        },
      },
    },
    options: {
      heading: "Variants and options",
      body: ["Choose them when you create the table. Most can be combined."],
      sections: {
        colours: {
          heading: "Several colours each",
          body: [
            "Two players may play two or three colours each, and three players two each. Each of your colours races to its own goal, every colour takes its own turn in the clockwise order, and you are home when all your colours are.",
            {
              list: [
                "**2 players × 2 colours:** opposite points each.",
                "**2 players × 3 colours:** every other point each.",
                "**3 players × 2 colours:** opposite points each.",
              ],
            },
          ],
        },
        teams: {
          heading: "Teams",
          body: [
            "Six players can play as three teams of two, with partners in opposite points. Each partner brings their own colour home, and the team is placed when both are home; partners share the place.",
            "If one partner leaves, the other takes over their colour and plays both. Only when both have left do the team's pieces leave the board.",
          ],
        },
        pieces15: {
          heading: "15 pieces",
          body: [
            "For two players with one colour each: every colour has 15 pieces, filling its point and the five holes of the hexagon's edge next to it. The goal is the same 15 holes on the opposite side.",
          ],
        },
        longJumps: {
          heading: "Long jumps",
          body: [
            "With this option a jump may pass over a piece further away along a line, when every hole between you and it is empty. You land as far beyond the piece as you started before it, and every hole up to the landing must be empty too.",
            "A jump still passes over exactly one piece. Long and short jumps mix freely in a chain, and long jumps work in the capture variant too.",
          ],
        },
        capture: {
          heading: "The capture variant",
          body: [
            "A different game on the same board. The 60 pieces fill the hexagon except its centre, and the six points start empty. The pieces belong to nobody: on your turn you may move any piece.",
            "Every move is a jump, or a chain of jumps, landing anywhere, the points included; steps are not allowed. Each piece you jump over is captured at once: it leaves the board and counts for you. So a chain can never jump the same piece twice, and it may end in the hole it started from. You may stop after any jump.",
            "When no jump is left anywhere on the board, the game ends. The most captures wins; players with equal scores share a place, so a tie at the top is a draw.",
          ],
        },
      },
    },
    site: {
      heading: "Playing on this site",
      body: [],
      sections: {
        pointer: {
          heading: "With a mouse or a finger",
          body: [
            {
              steps: [
                "When it is your turn, click or tap one of your pieces. Every hole it can reach is marked.",
                "Point at a mark to see the route, with each landing numbered.",
                "Click or tap the mark to move there. To choose another piece, click it instead.",
              ],
            },
            "In the capture variant you build the chain landing by landing, and the pieces you would capture are marked. Stop with **Done**, or by clicking the last landing again; a chain that cannot go on is played at once. **Undo landing** and **Cancel** take it back.",
          ],
        },
        keyboard: {
          heading: "With the keyboard",
          body: [
            "The Tab key reaches the board in one press. Then:",
            {
              keys: [
                ["← → ↑ ↓", "move between the holes"],
                ["Enter, Space", "pick the piece, or the hole to move to"],
                ["Esc", "cancel the choice"],
              ],
            },
            "Screen readers hear each hole by its name and what is on it, such as “e5, empty” or “a1, red piece”. Rows run from a at the top to q at the bottom; i5 is the centre.",
          ],
        },
        away: {
          heading: "If you are away",
          body: [
            "Your seat is kept in this browser: reload the page or open the link again, and you are back in it.",
            "With a turn clock, a turn whose time runs out is played for you by the computer, and after three such turns in a row the computer plays for you until you take your seat back. If you lose the connection on your turn, after a minute the other players may let the computer play for you or count you out.",
            "A table where nobody plays for 30 days is deleted, with its link.",
          ],
        },
      },
    },
  },
  diagrams: {
    start: "Two players: red starts at the top and races to the blue point at the bottom; blue races the other way.",
    step: "A step: the red piece may move to any of the five marked holes. The sixth neighbour is taken.",
    jump: "A jump: red jumps over the blue piece next to it into the empty hole behind.",
    chain: "A chain: three jumps in one turn, over blue, over red and over blue again, turning at every landing.",
    blocking:
      "Red's goal with nine red pieces and one blue piece that will not leave: the goal is full, so red is home.",
    longJump:
      "A long jump: the blue piece is two holes away, so red lands two holes beyond it. The holes between are empty.",
    capture:
      "Capture: a chain of two jumps takes the two pieces it passes over. Any piece could have moved; this one scores 2.",
  },
};
