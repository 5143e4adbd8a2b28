//! Native baseline for `npm run bench`: a u128-bitboard perft of the 2-player,
//! 10-piece Chinese Checkers race, standard rules, std only.
//!
//! Board: the 121 holes of the star in reading order (row a = the top tip,
//! a1 = bit 0, …, q1 = bit 120), so a set of holes is one `u128`.
//! A move is a distinct (from, to) pair: a step to an adjacent empty hole, or
//! a chain of short jumps (over exactly one adjacent piece of any colour into
//! the empty hole directly behind it) that may stop after any landing; the
//! moving piece is lifted while it jumps, and `to != from`.
//! North moves first; each side's goal is the opposite point. A side that
//! fills its goal (every goal hole occupied, at least one by its own piece)
//! ends the 2-player game; a side without a move passes. The last ply is
//! bulk-counted (popcount of the destination sets).
//!
//! Also `--capture`: an independent count check of the capture variant (60
//! neutral pieces on the hexagon, centre empty; any piece moves; a move is a
//! landing sequence of jumps, stopping after any landing; each jumped piece
//! is captured at once and leaves the board, so later legs of the chain may
//! land on its hole or jump along a line through it; the moving piece is
//! lifted off its hole while it jumps; the game ends when no jump is left).
//! `--long-jump` lets a jump pass over the nearest piece on a line at any
//! distance, landing as far beyond it over empty holes; `--moves "f5-f3 …"`
//! plays capture moves, written with every landing, before counting.
//! That mode only confirms node counts; it is not a timing baseline.
//!
//! usage: perft-native [--capture [--long-jump] [--moves "m1 m2 …"]] [--runs N] DEPTH
//! Prints one line per timed run and a JSON summary as the last line; timing
//! is measured inside the process (std::time::Instant), after one warm-up run.

use std::hint::black_box;
use std::time::Instant;

const HOLES: usize = 121;
const ROW_LENGTHS: [i32; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
/// (row, doubled column) offsets of the six lattice directions.
const DIRECTIONS: [(i32, i32); 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];

#[inline(always)]
fn bit(hole: usize) -> u128 {
    1u128 << hole
}

/// Precomputed geometry: neighbour masks and short-jump (over, to) pairs.
struct Tables {
    steps: [u128; HOLES],
    jump_count: [u8; HOLES],
    jump_over: [[u8; 6]; HOLES],
    jump_to: [[u8; 6]; HOLES],
    /// The holes along each of the six lines from a hole, nearest first, for long jumps.
    rays: [[[u8; 16]; 6]; HOLES],
    ray_len: [[u8; 6]; HOLES],
    /// (row, doubled column) of each hole, for reading move notation.
    coords: Vec<(i32, i32)>,
    /// The ten holes of the north and south points.
    north: u128,
    south: u128,
    hexagon: u128,
    centre: usize,
}

impl Tables {
    fn new() -> Tables {
        let mut coords = Vec::with_capacity(HOLES);
        for (row, &len) in ROW_LENGTHS.iter().enumerate() {
            for position in 0..len {
                coords.push((row as i32, 2 * position - (len - 1)));
            }
        }
        let at = |row: i32, x: i32| coords.iter().position(|&c| c == (row, x));
        let mut t = Tables {
            steps: [0; HOLES],
            jump_count: [0; HOLES],
            jump_over: [[0; 6]; HOLES],
            jump_to: [[0; 6]; HOLES],
            rays: [[[0; 16]; 6]; HOLES],
            ray_len: [[0; 6]; HOLES],
            coords: Vec::new(),
            north: 0,
            south: 0,
            hexagon: 0,
            centre: at(8, 0).unwrap(),
        };
        for hole in 0..HOLES {
            let (row, x) = coords[hole];
            for (d, (dr, dx)) in DIRECTIONS.into_iter().enumerate() {
                let mut k = 0;
                while let Some(next) = at(row + dr * (k as i32 + 1), x + dx * (k as i32 + 1)) {
                    t.rays[hole][d][k] = next as u8;
                    k += 1;
                }
                t.ray_len[hole][d] = k as u8;
            }
            for (dr, dx) in DIRECTIONS {
                let Some(over) = at(row + dr, x + dx) else { continue };
                t.steps[hole] |= bit(over);
                let Some(to) = at(row + 2 * dr, x + 2 * dx) else { continue };
                let k = t.jump_count[hole] as usize;
                t.jump_over[hole][k] = over as u8;
                t.jump_to[hole][k] = to as u8;
                t.jump_count[hole] += 1;
            }
            if row < 4 {
                t.north |= bit(hole);
            } else if row > 12 {
                t.south |= bit(hole);
            } else if x.abs() <= 8 - (row - 8).abs() {
                t.hexagon |= bit(hole);
            }
        }
        assert_eq!(t.north.count_ones(), 10);
        assert_eq!(t.south.count_ones(), 10);
        assert_eq!(t.hexagon.count_ones(), 61);
        t.coords = coords;
        t
    }

    /// The hole a name such as `i5` denotes: row letter a–q, then the position in the row from 1.
    fn hole(&self, name: &str) -> usize {
        let row = (name.as_bytes()[0] as i32) - ('a' as i32);
        let position: i32 = name[1..].parse().expect("a hole name is a row letter and a number");
        assert!((0..17).contains(&row) && position >= 1 && position <= ROW_LENGTHS[row as usize], "no hole {name}");
        let x = 2 * (position - 1) - (ROW_LENGTHS[row as usize] - 1);
        self.coords.iter().position(|&c| c == (row, x)).unwrap()
    }

    /// Every hole the piece on `from` can reach: the closure of its short
    /// jumps (with the piece lifted) plus its empty neighbours, minus `from`.
    #[inline(always)]
    fn race_destinations(&self, occupied: u128, from: usize) -> u128 {
        let occupied = occupied & !bit(from);
        let mut reached = bit(from);
        let mut frontier = reached;
        while frontier != 0 {
            let at = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let blocked = occupied | reached;
            for k in 0..self.jump_count[at] as usize {
                let over = self.jump_over[at][k] as usize;
                let to = self.jump_to[at][k] as usize;
                if (occupied >> over) & 1 != 0 && (blocked >> to) & 1 == 0 {
                    reached |= bit(to);
                    frontier |= bit(to);
                }
            }
        }
        (reached & !bit(from)) | (self.steps[from] & !occupied)
    }
}

/// The race position: occupancy per side (0 = north, 1 = south) and the side to move.
struct Race<'a> {
    t: &'a Tables,
    own: [u128; 2],
    goal: [u128; 2],
}

impl Race<'_> {
    fn perft(&mut self, side: usize, depth: u32) -> u64 {
        let occupied = self.own[0] | self.own[1];
        let mut pieces = self.own[side];
        if depth == 1 {
            let mut count = 0u64;
            while pieces != 0 {
                let from = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                count += self.t.race_destinations(occupied, from).count_ones() as u64;
            }
            return count.max(1); // no move: the pass is the move
        }
        let mut nodes = 0u64;
        let mut moved = false;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let mut destinations = self.t.race_destinations(occupied, from);
            while destinations != 0 {
                let to = destinations.trailing_zeros() as usize;
                destinations &= destinations - 1;
                moved = true;
                let change = bit(from) | bit(to);
                self.own[side] ^= change;
                let goal = self.goal[side];
                let finished = (self.own[0] | self.own[1]) & goal == goal && self.own[side] & goal != 0;
                if !finished {
                    nodes += self.perft(side ^ 1, depth - 1);
                }
                self.own[side] ^= change;
            }
        }
        if !moved {
            nodes = self.perft(side ^ 1, depth - 1);
        }
        nodes
    }
}

/// The capture variant (count check only).
struct Capture<'a> {
    t: &'a Tables,
    occupied: u128,
    long: bool,
}

impl Capture<'_> {
    /// The single jumps from `at` on the board as it stands, as (over, to) pairs.
    fn jumps(&self, at: usize) -> ([(u8, u8); 6], usize) {
        let mut found = [(0u8, 0u8); 6];
        let mut n = 0;
        let empty = |hole: u8| (self.occupied >> hole) & 1 == 0;
        if self.long {
            for d in 0..6 {
                let ray = &self.t.rays[at][d][..self.t.ray_len[at][d] as usize];
                // The nearest piece on the line is the one jumped; the landing is as far beyond it.
                let Some(k) = ray.iter().position(|&hole| !empty(hole)) else { continue };
                let landing = 2 * k + 1;
                if landing < ray.len() && ray[k + 1..=landing].iter().all(|&hole| empty(hole)) {
                    found[n] = (ray[k], ray[landing]);
                    n += 1;
                }
            }
        } else {
            for k in 0..self.t.jump_count[at] as usize {
                let (over, to) = (self.t.jump_over[at][k], self.t.jump_to[at][k]);
                if !empty(over) && empty(to) {
                    found[n] = (over, to);
                    n += 1;
                }
            }
        }
        (found, n)
    }

    fn any_jump(&self) -> bool {
        let mut pieces = self.occupied;
        while pieces != 0 {
            let at = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            if self.jumps(at).1 > 0 {
                return true;
            }
        }
        false
    }

    /// Counts the chains that go on from `at`, where the moving piece stands
    /// (lifted off the board) with every piece it jumped already gone: each
    /// landing is a move; below the last ply, plays it and counts on.
    fn chains(&mut self, at: usize, depth: u32) -> u64 {
        let mut nodes = 0u64;
        let (jumps, n) = self.jumps(at);
        for &(over, to) in &jumps[..n] {
            let (over, to) = (over as usize, to as usize);
            self.occupied &= !bit(over); // captured at once
            if depth == 1 {
                nodes += 1;
            } else {
                self.occupied |= bit(to);
                if self.any_jump() {
                    nodes += self.perft(depth - 1);
                }
                self.occupied &= !bit(to);
            }
            nodes += self.chains(to, depth);
            self.occupied |= bit(over);
        }
        nodes
    }

    fn perft(&mut self, depth: u32) -> u64 {
        let mut nodes = 0;
        let mut pieces = self.occupied;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            self.occupied &= !bit(from);
            nodes += self.chains(from, depth);
            self.occupied |= bit(from);
        }
        nodes
    }

    /// Plays a move written with every landing, e.g. `g6-e6-e8-g6`: each
    /// leg must be a jump on the board as the earlier legs left it.
    fn play(&mut self, notation: &str) {
        let path: Vec<usize> = notation.split('-').map(|name| self.t.hole(name)).collect();
        assert!(path.len() >= 2 && (self.occupied >> path[0]) & 1 != 0, "{notation}: no move");
        self.occupied &= !bit(path[0]);
        for leg in path.windows(2) {
            let (jumps, n) = self.jumps(leg[0]);
            let Some(&(over, _)) = jumps[..n].iter().find(|&&(_, to)| to as usize == leg[1]) else {
                panic!("{notation}: no jump lands on the hole after {}", leg[0]);
            };
            self.occupied &= !bit(over as usize);
        }
        self.occupied |= bit(path[path.len() - 1]);
    }
}

/// What to count: the race from its start, or a capture position.
struct Options {
    capture: bool,
    long: bool,
    moves: Vec<String>,
}

fn count(t: &Tables, options: &Options, depth: u32) -> u64 {
    if options.capture {
        let mut capture = Capture { t, occupied: black_box(t.hexagon & !bit(t.centre)), long: options.long };
        for notation in &options.moves {
            capture.play(notation);
        }
        if !capture.any_jump() {
            return 0; // the game is over
        }
        if depth == 0 {
            return 1;
        }
        capture.perft(depth)
    } else if depth == 0 {
        1
    } else {
        Race { t, own: black_box([t.north, t.south]), goal: [t.south, t.north] }.perft(0, depth)
    }
}

fn main() {
    let usage = "usage: perft-native [--capture [--long-jump] [--moves \"m1 m2 …\"]] [--runs N] DEPTH";
    let mut options = Options { capture: false, long: false, moves: Vec::new() };
    let mut runs = 1usize;
    let mut depth = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--capture" => options.capture = true,
            "--long-jump" => options.long = true,
            "--moves" => options.moves = args.next().expect(usage).split_whitespace().map(String::from).collect(),
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0).expect(usage),
            _ => depth = Some(arg.parse::<u32>().expect(usage)),
        }
    }
    assert!(options.capture || (!options.long && options.moves.is_empty()), "{usage}: the race counts from its start, short jumps only");
    let depth = depth.expect(usage);
    let t = Tables::new();
    let nodes = count(&t, &options, depth); // warm-up
    let mut times = Vec::with_capacity(runs);
    for run in 1..=runs {
        let start = Instant::now();
        let counted = count(&t, &options, black_box(depth));
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        assert_eq!(counted, nodes, "run {run} counted {counted}, warm-up counted {nodes}");
        eprintln!("run {run}: {nodes} nodes in {ms:.3} ms");
        times.push(ms);
    }
    let mut sorted = times.clone();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = if runs % 2 == 1 { sorted[runs / 2] } else { (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2.0 };
    let list = times.iter().map(|ms| format!("{ms:.3}")).collect::<Vec<_>>().join(",");
    println!(
        "{{\"variant\":\"{}\",\"depth\":{depth},\"nodes\":{nodes},\"runs\":{runs},\"medianMs\":{median:.3},\"minMs\":{:.3},\"maxMs\":{:.3},\"timesMs\":[{list}]}}",
        if options.capture { "capture" } else { "race" },
        sorted[0],
        sorted[runs - 1],
    );
}
