import { javascript } from "@codemirror/lang-javascript";
import { drawSelection, EditorView } from "@codemirror/view";
import { useComputedColorScheme } from "@mantine/core";
import CodeMirror from "@uiw/react-codemirror";
import { useMemo } from "react";

interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The line a rendering error names, marked in the gutter's line numbers. */
  errorLine: number | null;
  label: string;
}

/** A TSX editor (CodeMirror 6): syntax highlighting, brackets, undo, search; the line an error names is highlighted. */
export function CodeEditor({ value, onChange, errorLine, label }: CodeEditorProps) {
  const scheme = useComputedColorScheme("light");
  const extensions = useMemo(
    () => [
      javascript({ jsx: true, typescript: true }),
      EditorView.lineWrapping,
      // A steady cursor: nothing on the page blinks forever (WCAG 2.2.2).
      drawSelection({ cursorBlinkRate: 0 }),
      EditorView.contentAttributes.of({ "aria-label": label }),
      errorLineHighlight(errorLine),
    ],
    [errorLine, label],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={scheme === "dark" ? "dark" : "light"}
      height="100%"
      minHeight="320px"
      basicSetup={{ foldGutter: false, highlightActiveLine: true }}
      style={{ fontSize: 13, height: "100%" }}
    />
  );
}

function errorLineHighlight(line: number | null) {
  return EditorView.theme(
    line === null
      ? {}
      : {
          [`.cm-gutterElement:nth-child(${line + 1})`]: { color: "var(--mantine-color-red-filled)", fontWeight: "700" },
        },
  );
}
