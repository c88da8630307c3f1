"""Maximum-weight matching of maximum cardinality (Edmonds' blossom algorithm), for the Swiss draw.

This is networkx's ``max_weight_matching`` (Joris van Rantwijk's implementation of
the primal-dual blossom method after Galil, "Efficient Algorithms for Finding
Maximum Matching in Graphs", ACM Computing Surveys 1986) step for step, on a plain
adjacency of integer weights instead of a networkx graph. networkx looks up an
edge's weight through several layers of views, about 10 µs a time and hundreds of
thousands of times in a Swiss draw of 100 teams late in an event; here it is one
dict lookup. Importing networkx also took over a second, paid by the first draw of
every web process. Same algorithm, same order of scanning: the same matching.

networkx is distributed under the 3-clause BSD license, Copyright (c) 2004-2025,
NetworkX Developers; this adaptation keeps its structure and comments.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence


class _Blossom:
    """A non-trivial blossom: its sub-blossoms from the base round the cycle, and the
    edges joining them (``edges[i]`` joins ``childs[i]`` to ``childs[i + 1]``)."""

    __slots__ = ("childs", "edges", "mybestedges")

    def __init__(self) -> None:
        self.childs: list[int | _Blossom] = []
        self.edges: list[tuple[int, int]] = []
        self.mybestedges: list[tuple[int, int]] | None = None

    def leaves(self) -> Iterator[int]:
        """The vertices inside, however deeply nested."""
        stack = [*self.childs]
        while stack:
            t = stack.pop()
            if isinstance(t, _Blossom):
                stack.extend(t.childs)
            else:
                yield t


_Node = int | _Blossom


def max_weight_matching(
    nodes: Sequence[int], adj: Mapping[int, Mapping[int, int]]
) -> list[tuple[int, int]]:
    """The matching of most edges and, among those, the greatest total integer weight.

    ``nodes`` in the order the search visits them; ``adj[v][w]`` (= ``adj[w][v]``) the
    weight of the edge between ``v`` and ``w``, neighbours in the order they are
    scanned. Returns each matched pair once, the lower vertex first, sorted.

    It starts greedily (see :func:`_matching`): when that leaves every vertex matched,
    the matching is a heaviest perfect one. Otherwise it is done again from networkx's
    own start, whose maximum-cardinality optimum holds for any graph.
    """
    found = _matching(nodes, adj, greedy=True)
    if 2 * len(found) == len(nodes):
        return found
    return _matching(nodes, adj, greedy=False)


def _matching(
    nodes: Sequence[int], adj: Mapping[int, Mapping[int, int]], *, greedy: bool
) -> list[tuple[int, int]]:
    """networkx's algorithm, with weights doubled (so the duals stay whole numbers
    from either start); ``greedy`` starts from a greedy matching and duals.

    From networkx's start (every dual the same) the result is a heaviest matching of
    most edges, whatever the graph. From the greedy start the free vertices' duals
    differ, so only a perfect result is known to be a heaviest one (the duals of a
    perfect matching need no common value).
    """
    gnodes = list(nodes)
    if not gnodes:
        return []
    maxweight = 0
    for v in gnodes:
        for w, wt in adj[v].items():
            if v != w and wt > maxweight:
                maxweight = wt

    mate: dict[int, int] = {}
    label: dict[_Node, int | None] = {}
    labeledge: dict[_Node, tuple[int, int] | None] = {}
    inblossom: dict[int, _Node] = dict(zip(gnodes, gnodes, strict=True))
    blossomparent: dict[_Node, _Blossom | None] = dict.fromkeys(gnodes)
    blossombase: dict[_Node, int] = dict(zip(gnodes, gnodes, strict=True))
    bestedge: dict[_Node, tuple[int, int] | None] = {}
    dualvar: dict[int, int] = dict.fromkeys(gnodes, 2 * maxweight)
    blossomdual: dict[_Blossom, int] = {}
    allowedge: set[tuple[int, int]] = set()
    queue: list[int] = []

    def slack(v: int, w: int) -> int:
        """Four times the slack of edge (v, w) (not valid inside blossoms)."""
        return dualvar[v] + dualvar[w] - 4 * adj[v][w]

    def edge_of(b: _Node) -> tuple[int, int]:
        found = labeledge[b]
        assert found is not None
        return found

    def assign_label(w: int, t: int, v: int | None) -> None:
        """Label the top-level blossom holding ``w`` with ``t``, reached from ``v``."""
        while True:
            b = inblossom[w]
            assert label.get(w) is None
            assert label.get(b) is None
            label[w] = label[b] = t
            labeledge[w] = labeledge[b] = None if v is None else (v, w)
            bestedge[w] = bestedge[b] = None
            if t == 1:
                if isinstance(b, _Blossom):
                    queue.extend(b.leaves())
                else:
                    queue.append(b)
                return
            # A T-blossom: its base's mate becomes S.
            base = blossombase[b]
            w, t, v = mate[base], 1, base

    def scan_blossom(v: int, w: int) -> int | None:
        """Trace back from ``v`` and ``w``: the base of a new blossom, or None for an
        augmenting path."""
        path: list[_Node] = []
        base: int | None = None
        at: int | None = v
        other: int | None = w
        while at is not None:
            b = inblossom[at]
            if (label[b] or 0) & 4:
                base = blossombase[b]
                break
            assert label[b] == 1
            path.append(b)
            label[b] = 5
            edge = labeledge[b]
            if edge is None:
                assert blossombase[b] not in mate
                at = None
            else:
                assert edge[0] == mate[blossombase[b]]
                b = inblossom[edge[0]]
                assert label[b] == 2
                at = edge_of(b)[0]
            if other is not None:
                at, other = other, at
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, v: int, w: int) -> None:
        """Make a new S-blossom with base ``base`` through S-vertices ``v`` and ``w``."""
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = _Blossom()
        blossombase[b] = base
        blossomparent[b] = None
        blossomparent[bb] = b
        path: list[_Node] = []
        edgs: list[tuple[int, int]] = [(v, w)]
        b.childs = path
        b.edges = edgs
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            edgs.append(edge_of(bv))
            v = edge_of(bv)[0]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            p, q = edge_of(bw)
            edgs.append((q, p))
            w = p
            bw = inblossom[w]
        assert label[bb] == 1
        label[b] = 1
        labeledge[b] = labeledge[bb]
        blossomdual[b] = 0
        for leaf in b.leaves():
            if label[inblossom[leaf]] == 2:
                queue.append(leaf)
            inblossom[leaf] = b
        bestedgeto: dict[_Node, tuple[int, int]] = {}
        for sub in path:
            if isinstance(sub, _Blossom):
                if sub.mybestedges is not None:
                    nblist = sub.mybestedges
                    sub.mybestedges = None
                else:
                    nblist = [(x, y) for x in sub.leaves() for y in adj[x] if x != y]
            else:
                nblist = [(sub, y) for y in adj[sub] if sub != y]
            for k in nblist:
                i, j = k
                if inblossom[j] == b:
                    i, j = j, i
                bj = inblossom[j]
                if (
                    bj != b
                    and label.get(bj) == 1
                    and ((bj not in bestedgeto) or slack(i, j) < slack(*bestedgeto[bj]))
                ):
                    bestedgeto[bj] = k
            bestedge[sub] = None
        b.mybestedges = list(bestedgeto.values())
        mybestedge: tuple[int, int] | None = None
        mybestslack = 0
        bestedge[b] = None
        for k in b.mybestedges:
            kslack = slack(*k)
            if mybestedge is None or kslack < mybestslack:
                mybestedge = k
                mybestslack = kslack
        bestedge[b] = mybestedge

    def expand_blossom(top: _Blossom, endstage: bool) -> None:
        """Turn a top-level blossom's sub-blossoms into top-level blossoms."""

        def recurse(b: _Blossom, endstage: bool) -> Iterator[_Blossom]:
            for s in b.childs:
                blossomparent[s] = None
                if isinstance(s, _Blossom):
                    if endstage and blossomdual[s] == 0:
                        yield s
                    else:
                        for leaf in s.leaves():
                            inblossom[leaf] = s
                else:
                    inblossom[s] = s
            if (not endstage) and label.get(b) == 2:
                entrychild = inblossom[edge_of(b)[1]]
                j = b.childs.index(entrychild)
                if j & 1:
                    j -= len(b.childs)
                    jstep = 1
                else:
                    jstep = -1
                v, w = edge_of(b)
                while j != 0:
                    if jstep == 1:
                        p, q = b.edges[j]
                    else:
                        q, p = b.edges[j - 1]
                    label[w] = None
                    label[q] = None
                    assign_label(w, 2, v)
                    allowedge.add((p, q))
                    allowedge.add((q, p))
                    j += jstep
                    if jstep == 1:
                        v, w = b.edges[j]
                    else:
                        w, v = b.edges[j - 1]
                    allowedge.add((v, w))
                    allowedge.add((w, v))
                    j += jstep
                bw = b.childs[j]
                label[w] = label[bw] = 2
                labeledge[w] = labeledge[bw] = (v, w)
                bestedge[bw] = None
                j += jstep
                while b.childs[j] != entrychild:
                    bv = b.childs[j]
                    if label.get(bv) == 1:
                        j += jstep
                        continue
                    if isinstance(bv, _Blossom):
                        for leaf in bv.leaves():
                            if label.get(leaf):
                                break
                        reached = leaf
                    else:
                        reached = bv
                    if label.get(reached):
                        assert label[reached] == 2
                        assert inblossom[reached] == bv
                        label[reached] = None
                        label[mate[blossombase[bv]]] = None
                        assign_label(reached, 2, edge_of(reached)[0])
                    j += jstep
            label.pop(b, None)
            labeledge.pop(b, None)
            bestedge.pop(b, None)
            del blossomparent[b]
            del blossombase[b]
            del blossomdual[b]

        stack = [recurse(top, endstage)]
        while stack:
            for s in stack[-1]:
                stack.append(recurse(s, endstage))
                break
            else:
                stack.pop()

    def augment_blossom(top: _Blossom, start: int) -> None:
        """Swap matched and unmatched edges round ``top`` from ``start`` to its base."""

        def recurse(b: _Blossom, v: int) -> Iterator[tuple[_Blossom, int]]:
            t: _Node = v
            while blossomparent[t] != b:
                parent = blossomparent[t]
                assert parent is not None
                t = parent
            if isinstance(t, _Blossom):
                yield (t, v)
            i = j = b.childs.index(t)
            if i & 1:
                j -= len(b.childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = b.childs[j]
                if jstep == 1:
                    w, x = b.edges[j]
                else:
                    x, w = b.edges[j - 1]
                if isinstance(t, _Blossom):
                    yield (t, w)
                j += jstep
                t = b.childs[j]
                if isinstance(t, _Blossom):
                    yield (t, x)
                mate[w] = x
                mate[x] = w
            b.childs = b.childs[i:] + b.childs[:i]
            b.edges = b.edges[i:] + b.edges[:i]
            blossombase[b] = blossombase[b.childs[0]]
            assert blossombase[b] == v

        stack = [recurse(top, start)]
        while stack:
            for args in stack[-1]:
                stack.append(recurse(*args))
                break
            else:
                stack.pop()

    def augment_matching(v: int, w: int) -> None:
        """Swap matched and unmatched edges along the path through ``v`` and ``w``."""
        for s, j in ((v, w), (w, v)):
            while True:
                bs = inblossom[s]
                assert label[bs] == 1
                if isinstance(bs, _Blossom):
                    augment_blossom(bs, s)
                mate[s] = j
                edge = labeledge[bs]
                if edge is None:
                    break
                t = edge[0]
                bt = inblossom[t]
                assert label[bt] == 2
                s, j = edge_of(bt)
                assert blossombase[bt] == t
                if isinstance(bt, _Blossom):
                    augment_blossom(bt, j)
                mate[j] = s

    if greedy:
        # A greedy start (as Kolmogorov's Blossom V starts): each vertex's dual as low
        # as its edges allow, and two free vertices joined by an edge left without
        # slack matched at once. The duals stay feasible, even, and matched edges
        # tight, so the stages below (one augmenting path each) only finish the job.
        for v in gnodes:
            if adj[v]:
                dualvar[v] = 2 * max(adj[v].values())
        for v in gnodes:
            if v in mate or not adj[v]:
                continue
            dualvar[v] = max(4 * wt - dualvar[w] for w, wt in adj[v].items() if w != v)
            for w, wt in adj[v].items():
                if w != v and w not in mate and dualvar[v] + dualvar[w] == 4 * wt:
                    mate[v], mate[w] = w, v
                    break

    while True:
        # A stage: find an augmenting path and improve the matching with it.
        label.clear()
        labeledge.clear()
        bestedge.clear()
        for blossom in blossomdual:
            blossom.mybestedges = None
        allowedge.clear()
        queue[:] = []
        for v in gnodes:
            if (v not in mate) and label.get(inblossom[v]) is None:
                assign_label(v, 1, None)
        augmented = False
        while True:
            # A substage: label until an augmenting path is found or none can be.
            while queue and not augmented:
                v = queue.pop()
                assert label[inblossom[v]] == 1
                for w in adj[v]:
                    if w == v:
                        continue
                    bv = inblossom[v]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    kslack = 0
                    if (v, w) not in allowedge:
                        kslack = slack(v, w)
                        if kslack <= 0:
                            allowedge.add((v, w))
                            allowedge.add((w, v))
                    if (v, w) in allowedge:
                        if label.get(bw) is None:
                            assign_label(w, 2, v)
                        elif label.get(bw) == 1:
                            base = scan_blossom(v, w)
                            if base is not None:
                                add_blossom(base, v, w)
                            else:
                                augment_matching(v, w)
                                augmented = True
                                break
                        elif label.get(w) is None:
                            assert label[bw] == 2
                            label[w] = 2
                            labeledge[w] = (v, w)
                    elif label.get(bw) == 1:
                        best = bestedge.get(bv)
                        if best is None or kslack < slack(*best):
                            bestedge[bv] = (v, w)
                    elif label.get(w) is None:
                        best = bestedge.get(w)
                        if best is None or kslack < slack(*best):
                            bestedge[w] = (v, w)
            if augmented:
                break
            # No augmenting path under these constraints: move the duals by delta.
            deltatype = -1
            delta = 0
            deltaedge: tuple[int, int] | None = None
            deltablossom: _Blossom | None = None
            for v in gnodes:
                best = bestedge.get(v)
                if label.get(inblossom[v]) is None and best is not None:
                    d = slack(*best)
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = best
            for b, parent in blossomparent.items():
                best = bestedge.get(b)
                if parent is None and label.get(b) == 1 and best is not None:
                    kslack = slack(*best)
                    assert kslack % 2 == 0
                    d = kslack // 2
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = best
            for blossom, dual in blossomdual.items():
                if (
                    blossomparent[blossom] is None
                    and label.get(blossom) == 2
                    and (deltatype == -1 or dual < delta)
                ):
                    delta = dual
                    deltatype = 4
                    deltablossom = blossom
            if deltatype == -1:
                # No further improvement: the maximum-cardinality optimum.
                deltatype = 1
                delta = max(0, min(dualvar.values()))
            for v in gnodes:
                mark = label.get(inblossom[v])
                if mark == 1:
                    dualvar[v] -= delta
                elif mark == 2:
                    dualvar[v] += delta
            for blossom in blossomdual:
                if blossomparent[blossom] is None:
                    mark = label.get(blossom)
                    if mark == 1:
                        blossomdual[blossom] += delta
                    elif mark == 2:
                        blossomdual[blossom] -= delta
            if deltatype == 1:
                break
            if deltatype in (2, 3):
                assert deltaedge is not None
                v, w = deltaedge
                assert label[inblossom[v]] == 1
                allowedge.add((v, w))
                allowedge.add((w, v))
                queue.append(v)
            else:
                assert deltablossom is not None
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        # End of a stage: expand the S-blossoms whose dual is zero.
        for blossom in list(blossomdual):
            if blossom not in blossomdual:
                continue
            if (
                blossomparent[blossom] is None
                and label.get(blossom) == 1
                and blossomdual[blossom] == 0
            ):
                expand_blossom(blossom, True)
    return sorted((v, w) for v, w in mate.items() if v < w)


__all__ = ["max_weight_matching"]
