// The ncurses anchor of refresh-bench's terminal section: the rows of the benchmark's plain
// 400-row list (a title and a byline each, one terminal line per label, from column 1),
// scrolled a line per frame on a 200×60 screen, drawn the way a C program draws with ncurses:
// erase(), mvaddnstr() per line, refresh(). ncurses keeps the cells, diffs them against what
// the terminal shows and uses the terminal's scrolling when it pays.
//
// Usage: frame <terminal device> <seconds per sample> <samples>
// Writes to the terminal device as TERM=xterm-256color and prints the fastest sample's time
// of a frame (the statistic refresh-bench's harness reports),
// in nanoseconds, on standard output. Built by build.sh beside it.
//
// Usage: frame --bytes <file>
// Draws into the file, as TERM=xterm-256color, the rows in the terminal's own colors from the
// top (the first frame), scrolled a line, scrolled a screen further, then on a screen resized
// to 160x50, and prints the bytes each of the four refresh() calls wrote, one number a line.
//
// Usage: frame --screens <input> <output>
// Reads screens of text (a first line "columns rows count", then count screens of rows lines
// each), draws each in turn into the output file, as TERM=xterm-256color, whole: erase(), the
// lines with mvaddstr() (trailing blanks left to erase()), refresh(); prints the bytes each
// refresh() wrote, one number a line.
#include <locale.h>
#include <ncurses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { columns = 200, lines = 60, rows = 400 };

static char texts[rows * 2][96];
static int top;

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

// One frame: scroll a line (back to the top past the end), erase, draw the lines on screen.
static void frame(void) {
  top = top + 1 > rows * 2 - lines ? 0 : top + 1;
  erase();
  for (int line = 0; line < lines; line++) {
    mvaddnstr(line, 1, texts[top + line], columns - 2);
  }
  refresh();
}

// The lines from `first` on, drawn as frame() draws them.
static void draw(int first) {
  erase();
  for (int line = 0; line < LINES; line++) {
    mvaddnstr(line, 1, texts[first + line], COLS - 2);
  }
}

// The bytes written to a file so far, everything ncurses buffered flushed.
static long written(FILE *file) {
  fflush(file);
  return (long)lseek(fileno(file), 0, SEEK_END);
}

static int bytes(const char *path) {
  FILE *file = fopen(path, "w+");
  FILE *input = fopen("/dev/null", "r");
  if (!file || !input) {
    perror(path);
    return 1;
  }
  SCREEN *screen = newterm("xterm-256color", file, input);
  if (!screen) return 1;
  resizeterm(lines, columns);
  start_color();
  use_default_colors();
  long start = written(file);
  int tops[] = {0, 1, 1 + lines, 1 + lines};
  for (int index = 0; index < 4; index++) {
    if (index == 3) resizeterm(50, 160);
    draw(tops[index]);
    refresh();
    long end = written(file);
    printf("%ld\n", end - start);
    start = end;
  }
  endwin();
  delscreen(screen);
  fclose(file);
  return 0;
}

static int screens(const char *input_path, const char *output_path) {
  FILE *input = fopen(input_path, "r");
  FILE *file = fopen(output_path, "w+");
  FILE *keys = fopen("/dev/null", "r");
  if (!input || !file || !keys) {
    perror(input ? output_path : input_path);
    return 1;
  }
  int width, height, count;
  if (fscanf(input, "%d %d %d\n", &width, &height, &count) != 3 || width < 1 || height < 1 ||
      count < 0) {
    fprintf(stderr, "%s: no 'columns rows count' line\n", input_path);
    return 1;
  }
  SCREEN *screen = newterm("xterm-256color", file, keys);
  if (!screen) return 1;
  resizeterm(height, width);
  // A line of the screen in UTF-8: at most 4 bytes a cell, the line break and the end.
  size_t size = (size_t)width * 4 + 2;
  char *text = malloc(size);
  if (!text) return 1;
  long start = written(file);
  for (int index = 0; index < count; index++) {
    erase();
    for (int line = 0; line < height; line++) {
      if (!fgets(text, (int)size, input)) {
        fprintf(stderr, "%s: screen %d ends early\n", input_path, index);
        return 1;
      }
      size_t length = strcspn(text, "\n");
      while (length > 0 && text[length - 1] == ' ') length--;
      text[length] = 0;
      if (length > 0) mvaddstr(line, 0, text);
    }
    refresh();
    long end = written(file);
    printf("%ld\n", end - start);
    start = end;
  }
  free(text);
  endwin();
  delscreen(screen);
  fclose(file);
  fclose(input);
  return 0;
}

static double seconds(long iterations) {
  double start = now();
  for (long index = 0; index < iterations; index++) frame();
  return now() - start;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void fill(void) {
  for (int row = 0; row < rows; row++) {
    // The same texts as PlainRows in TerminalBenchmarks.swift.
    snprintf(texts[row * 2], sizeof texts[0], "Post %d: what a frame costs when the list is long",
             row);
    snprintf(texts[row * 2 + 1], sizeof texts[0], "by reader%d \xC2\xB7 %d min ago", row % 17,
             row);
  }
}

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[1], "--screens") == 0) {
    setlocale(LC_ALL, "C.UTF-8");
    return screens(argv[2], argv[3]);
  }
  if (argc == 3 && strcmp(argv[1], "--bytes") == 0) {
    setlocale(LC_ALL, "C.UTF-8");
    fill();
    return bytes(argv[2]);
  }
  if (argc != 4) {
    fprintf(stderr, "usage: %s <terminal device> <seconds per sample> <samples>\n", argv[0]);
    return 2;
  }
  double duration = atof(argv[2]);
  int samples = atoi(argv[3]);
  if (duration <= 0 || samples < 1 || samples > 99) return 2;
  setlocale(LC_ALL, "C.UTF-8");
  fill();
  FILE *terminal = fopen(argv[1], "r+");
  if (!terminal) {
    perror(argv[1]);
    return 1;
  }
  SCREEN *screen = newterm("xterm-256color", terminal, terminal);
  if (!screen) return 1;
  resizeterm(lines, columns);
  start_color();
  init_pair(1, COLOR_BLACK, COLOR_WHITE);
  bkgdset(COLOR_PAIR(1));
  frame();
  // Calibrated as refresh-bench calibrates: a sample lasts about `duration`.
  long iterations = 1;
  for (;;) {
    double elapsed = seconds(iterations);
    if (elapsed >= duration / 4) {
      iterations = (long)(iterations * duration / elapsed);
      if (iterations < 1) iterations = 1;
      break;
    }
    iterations *= 4;
  }
  double results[99];
  for (int sample = 0; sample < samples; sample++) {
    results[sample] = seconds(iterations) / (double)iterations * 1e9;
  }
  endwin();
  delscreen(screen);
  qsort(results, samples, sizeof results[0], compare);
  printf("%.0f\n", results[0]);
  return 0;
}
