// Layout only: which panel an area's card sits in, north to south, seas apart (area indices).
// The board's facts (names, kinds, icons, houses, orders, cards) come from the server's view
// (`view.board`, built by games/thrones/views.py from games/thrones/data.py): see useBoard().
export const REGIONS = [["The North", [3, 12, 47, 41, 45, 46, 16, 8, 7]], ["The Vale", [35, 37, 34, 4]], ["Iron Islands & Riverlands", [19, 24, 43, 21, 9, 28]], ["Westerlands", [15, 25]], ["Crownlands & Stormlands", [13, 14, 1, 6, 29, 33]], ["The Reach", [10, 39, 5, 17, 44, 32]], ["Dorne", [18, 27, 48, 31, 22]], ["Seas", [0, 40, 38, 11, 36, 2, 26, 30, 20, 23, 42]]];

// The facts of the board being drawn, set from each view before it is read.
export let THRONES = null;

export function useBoard(board) {
  if (board) THRONES = board;
}
