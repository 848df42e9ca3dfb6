// The Assimp path: any format Assimp 5.2 reads, with the node hierarchy kept as it is in the file.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <new>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <assimp/config.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/matrix.hpp>

#include "assets/assimp_scene.h"
#include "assets/finite_vec3.h"
#include "assets/load_model.h"
#include "assets/scene/mesh_normals.h"
#include "assets/texture_path.h"

namespace assets {

namespace {

static_assert(kMaxTexCoordChannels == AI_MAX_NUMBER_OF_TEXTURECOORDS);

// Never aiProcess_PreTransformVertices: the hierarchy and its transforms are the point. Never
// aiProcess_LimitBoneWeights either: skinning keeps every influence a vertex has, as authored.
constexpr unsigned kPostProcessFlags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                       aiProcess_GenSmoothNormals | aiProcess_SortByPType |
                                       aiProcess_ValidateDataStructure;

/// Passes Assimp's progress to a LoadProgress and asks Assimp to stop when cancel is set.
/// Not every importer honours the answer, so the caller checks `cancel` again afterwards.
class ProgressBridge final : public Assimp::ProgressHandler {
  public:
    explicit ProgressBridge(LoadProgress* progress) : progress_(progress) {}

    bool Update(float percentage) override {
        if (progress_ == nullptr) return true;
        // Despite the documentation, Assimp reports a fraction (0..1), or -1 when unknown.
        if (percentage >= 0.0f) progress_->fraction = std::min(percentage, 1.0f);
        return !progress_->cancel.load();
    }

  private:
    LoadProgress* progress_;
};

/// How many elements an Assimp array really has: its count, or none when the pointer is null.
/// Assimp pairs every count with an array of that many elements or with null (its own
/// destructors check both), and nothing else here can be checked, so every loop over an
/// aiScene's arrays goes through this.
template <class T>
unsigned present(unsigned count, const T* array) {
    return array != nullptr ? count : 0u;
}

std::string to_string(const aiString& s) {
    return std::string(s.data, s.length);
}

glm::vec3 to_glm(const aiVector3D& v) {
    return {v.x, v.y, v.z};
}

/// aiMatrix4x4 is row-major (a1..a4 is the first row); glm is column-major.
glm::mat4 to_glm(const aiMatrix4x4& m) {
    return glm::transpose(glm::make_mat4(&m.a1));
}

Extrapolation to_extrapolation(aiAnimBehaviour behaviour) {
    switch (behaviour) {
        case aiAnimBehaviour_DEFAULT:
            return Extrapolation::Default;
        case aiAnimBehaviour_CONSTANT:
            return Extrapolation::Constant;
        case aiAnimBehaviour_LINEAR:
            return Extrapolation::Linear;
        case aiAnimBehaviour_REPEAT:
            return Extrapolation::Repeat;
        default:
            return Extrapolation::Default;
    }
}

std::string display_name(const std::string& name) {
    return name.empty() ? "(unnamed)" : "'" + name + "'";
}

struct PrimitiveCounts {
    std::size_t polygons = 0;          ///< faces of 3 or more corners
    std::size_t points_and_lines = 0;  ///< what SortByPType will remove
};

/// Counts primitives in the scene as imported (not yet validated, so checked with care).
PrimitiveCounts count_primitives(const aiScene& scene) {
    PrimitiveCounts counts;
    if (scene.mMeshes == nullptr) return counts;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh* mesh = scene.mMeshes[m];
        if (mesh == nullptr || mesh->mFaces == nullptr) continue;
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            if (mesh->mFaces[f].mNumIndices >= 3)
                ++counts.polygons;
            else
                ++counts.points_and_lines;
        }
    }
    return counts;
}

/// The material's base-colour texture: glTF 2's base colour first, the diffuse map otherwise.
/// An embedded texture ("*0", or a name the scene's own textures hold) is not decoded: a note.
std::string base_color_texture(const aiScene& scene, const aiMaterial& material,
                               const std::string& name, const std::filesystem::path& model,
                               std::vector<std::string>& notes) {
    aiString file;
    if (material.GetTexture(aiTextureType_BASE_COLOR, 0, &file) != aiReturn_SUCCESS &&
        material.GetTexture(aiTextureType_DIFFUSE, 0, &file) != aiReturn_SUCCESS)
        return {};
    const std::string text = to_string(file);
    if (text.empty()) return {};
    const bool embedded = text[0] == '*' || (present(scene.mNumTextures, scene.mTextures) > 0 &&
                                             scene.GetEmbeddedTexture(file.C_Str()) != nullptr);
    if (embedded) {
        notes.push_back("material " + display_name(name) +
                        ": its base-colour texture is embedded in the file, which raypick does "
                        "not decode (not drawn)");
        return {};
    }
    std::string resolved = resolve_texture_path(text, model);
    if (resolved.size() > kMaxTexturePathBytes) {
        notes.push_back("material " + display_name(name) +
                        ": its texture path is too long and is ignored");
        return {};
    }
    return resolved;
}

std::vector<Material> copy_materials(const aiScene& scene, const std::filesystem::path& model,
                                     std::vector<std::string>& notes) {
    std::vector<Material> materials;
    for (unsigned i = 0; i < present(scene.mNumMaterials, scene.mMaterials); ++i) {
        const aiMaterial* source = scene.mMaterials[i];
        Material material;
        if (source != nullptr) {
            aiString name;
            if (source->Get(AI_MATKEY_NAME, name) == aiReturn_SUCCESS)
                material.name = to_string(name);
            aiColor3D color;
            // glTF 2 stores its colour as base colour; most formats as diffuse.
            if (source->Get(AI_MATKEY_COLOR_DIFFUSE, color) == aiReturn_SUCCESS ||
                source->Get(AI_MATKEY_BASE_COLOR, color) == aiReturn_SUCCESS) {
                const glm::vec3 c(color.r, color.g, color.b);
                if (is_finite(c)) material.base_color = c;
            }
            material.base_color_texture =
                base_color_texture(scene, *source, material.name, model, notes);
        }
        materials.push_back(std::move(material));
    }
    // MeshData::material must always be valid.
    if (materials.empty()) materials.push_back(Material{"default", glm::vec3(0.75f), ""});
    return materials;
}

/// Assimp's anim meshes hold replacement vertices; we keep each target's difference from the
/// base mesh, which is what glTF stores and what blending needs.
void copy_morph_targets(const aiMesh& in, MeshData& mesh, Scene& scene) {
    if (in.mNumAnimMeshes == 0 || in.mAnimMeshes == nullptr) return;
    std::size_t unusable = 0;
    for (unsigned a = 0; a < in.mNumAnimMeshes; ++a) {
        const aiAnimMesh* anim = in.mAnimMeshes[a];
        MorphTarget target;
        if (anim != nullptr) {
            target.name = to_string(anim->mName);
            target.default_weight = std::isfinite(anim->mWeight) ? anim->mWeight : 0.0f;
        }
        // A target we cannot read still takes its slot: weights address targets by index.
        const bool positions_ok =
            anim != nullptr && anim->mVertices != nullptr && anim->mNumVertices == in.mNumVertices;
        target.position_deltas.assign(mesh.positions.size(), glm::vec3(0.0f));
        if (positions_ok) {
            for (unsigned v = 0; v < in.mNumVertices; ++v) {
                const glm::vec3 delta = to_glm(anim->mVertices[v]) - mesh.positions[v];
                if (is_finite(delta)) target.position_deltas[v] = delta;
            }
        } else {
            ++unusable;
        }
        if (positions_ok && anim->mNormals != nullptr && in.mNormals != nullptr &&
            mesh.normals.size() == mesh.positions.size()) {
            target.normal_deltas.assign(mesh.positions.size(), glm::vec3(0.0f));
            for (unsigned v = 0; v < in.mNumVertices; ++v) {
                const glm::vec3 delta = to_glm(anim->mNormals[v]) - mesh.normals[v];
                if (is_finite(delta)) target.normal_deltas[v] = delta;
            }
        }
        mesh.morph_targets.push_back(std::move(target));
    }
    if (unusable > 0) {
        scene.notes.push_back("mesh " + display_name(mesh.name) + ": " + std::to_string(unusable) +
                              " of " + std::to_string(in.mNumAnimMeshes) +
                              " morph targets have no usable positions and are ignored");
    }
}

/// Texture coordinates (every channel) and the first colour set. A channel or colour set with a
/// non-finite number is dropped whole with a note: half a channel would be no use.
void copy_vertex_attributes(const aiMesh& in, MeshData& mesh, Scene& scene) {
    const std::size_t count = mesh.positions.size();
    for (unsigned c = 0; c < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++c) {
        const aiVector3D* coords = in.mTextureCoords[c];
        if (coords == nullptr) continue;
        TexCoordChannel channel;
        channel.components = std::clamp(in.mNumUVComponents[c], 1u, 3u);
        channel.uv.reserve(count);
        bool finite = true;
        for (std::size_t v = 0; v < count && finite; ++v) {
            const glm::vec2 uv(coords[v].x, channel.components >= 2 ? coords[v].y : 0.0f);
            finite = std::isfinite(uv.x) && std::isfinite(uv.y);
            channel.uv.push_back(uv);
        }
        if (!finite) {
            scene.notes.push_back("mesh " + display_name(mesh.name) + ": texture coordinate set " +
                                  std::to_string(c) + " has non-finite numbers and is ignored");
            continue;
        }
        mesh.tex_coords.push_back(std::move(channel));
    }
    if (const aiColor4D* colors = in.mColors[0]; colors != nullptr) {
        mesh.colors.reserve(count);
        bool finite = true;
        for (std::size_t v = 0; v < count && finite; ++v) {
            const glm::vec4 color(colors[v].r, colors[v].g, colors[v].b, colors[v].a);
            finite = is_finite(glm::vec3(color)) && std::isfinite(color.a);
            mesh.colors.push_back(color);
        }
        if (!finite) {
            scene.notes.push_back("mesh " + display_name(mesh.name) +
                                  ": the vertex colours have non-finite numbers and are ignored");
            mesh.colors = {};
        }
    }
}

/// Copies the triangles of every mesh; meshes without any are dropped. Returns, for each
/// Assimp mesh, our mesh index or -1.
std::vector<std::int32_t> copy_meshes(const aiScene& source, Scene& scene) {
    std::vector<std::int32_t> remap(present(source.mNumMeshes, source.mMeshes), -1);
    std::size_t skipped_faces = 0, dropped_meshes = 0;
    for (unsigned m = 0; m < present(source.mNumMeshes, source.mMeshes); ++m) {
        const aiMesh* in = source.mMeshes[m];
        if (in == nullptr || in->mVertices == nullptr) {
            ++dropped_meshes;
            continue;
        }
        MeshData mesh;
        mesh.name = to_string(in->mName);
        mesh.indices.reserve(std::size_t(present(in->mNumFaces, in->mFaces)) * 3);
        for (unsigned f = 0; f < present(in->mNumFaces, in->mFaces); ++f) {
            const aiFace& face = in->mFaces[f];
            if (present(face.mNumIndices, face.mIndices) != 3) {
                ++skipped_faces;
                continue;
            }
            mesh.indices.insert(mesh.indices.end(), face.mIndices, face.mIndices + 3);
        }
        if (mesh.indices.empty()) {
            ++dropped_meshes;
            continue;
        }
        mesh.positions.reserve(in->mNumVertices);
        for (unsigned v = 0; v < in->mNumVertices; ++v)
            mesh.positions.push_back(to_glm(in->mVertices[v]));

        bool normals_ok = in->mNormals != nullptr;
        if (normals_ok) {
            mesh.normals.reserve(in->mNumVertices);
            for (unsigned v = 0; v < in->mNumVertices; ++v) {
                mesh.normals.push_back(to_glm(in->mNormals[v]));
                normals_ok = normals_ok && is_finite(mesh.normals.back());
            }
        }
        if (!normals_ok) {
            if (in->mNormals != nullptr) {
                scene.notes.push_back("mesh " + display_name(mesh.name) +
                                      ": the file's normals are not finite; computed smooth ones");
            }
            compute_smooth_normals(mesh);
        }

        copy_vertex_attributes(*in, mesh, scene);

        mesh.material = in->mMaterialIndex;
        if (mesh.material >= scene.materials.size()) {
            scene.notes.push_back("mesh " + display_name(mesh.name) + " used a missing material " +
                                  std::to_string(mesh.material) + "; using the first one");
            mesh.material = 0;
        }
        copy_morph_targets(*in, mesh, scene);
        remap[m] = std::int32_t(scene.meshes.size());
        scene.meshes.push_back(std::move(mesh));
    }
    if (skipped_faces > 0) {
        scene.notes.push_back(std::to_string(skipped_faces) +
                              " faces that were not triangles were skipped");
    }
    if (dropped_meshes > 0) {
        scene.notes.push_back(std::to_string(dropped_meshes) +
                              " meshes without triangles were dropped");
    }
    return remap;
}

/// Flattens the hierarchy depth-first (pre-order), so parents always precede children.
void copy_nodes(const aiNode& root, const std::vector<std::int32_t>& mesh_remap, Scene& scene) {
    struct Pending {
        const aiNode* node;
        std::int32_t parent;
    };
    std::vector<Pending> stack{{&root, -1}};
    while (!stack.empty()) {
        const Pending pending = stack.back();
        stack.pop_back();
        const aiNode& in = *pending.node;
        const auto index = std::uint32_t(scene.nodes.size());

        SceneNode node;
        node.name = to_string(in.mName);
        node.local_transform = to_glm(in.mTransformation);
        node.parent = pending.parent;
        for (unsigned i = 0; i < present(in.mNumMeshes, in.mMeshes); ++i) {
            const unsigned m = in.mMeshes[i];
            if (m < mesh_remap.size() && mesh_remap[m] >= 0)
                node.meshes.push_back(std::uint32_t(mesh_remap[m]));
        }
        if (pending.parent >= 0) scene.nodes[std::size_t(pending.parent)].children.push_back(index);
        scene.nodes.push_back(std::move(node));

        // Reverse order on the stack, so the first child is visited (and numbered) first.
        for (unsigned c = present(in.mNumChildren, in.mChildren); c-- > 0;)
            if (in.mChildren[c] != nullptr) stack.push_back({in.mChildren[c], std::int32_t(index)});
    }
}

/// Channels and bones name their node; the first node with that name wins (Assimp does the same).
std::unordered_map<std::string, std::uint32_t> nodes_by_name(const Scene& scene) {
    std::unordered_map<std::string, std::uint32_t> node_by_name;
    for (std::uint32_t n = 0; n < scene.nodes.size(); ++n)
        node_by_name.try_emplace(scene.nodes[n].name, n);
    return node_by_name;
}

/// The aiBones of every mesh: joints by node, offset matrices, and every weight of every vertex.
void copy_skins(const aiScene& source, const std::vector<std::int32_t>& mesh_remap, Scene& scene) {
    const auto node_by_name = nodes_by_name(scene);
    for (unsigned m = 0; m < present(source.mNumMeshes, source.mMeshes) && m < mesh_remap.size();
         ++m) {
        const aiMesh* in = source.mMeshes[m];
        if (mesh_remap[m] < 0 || in == nullptr || in->mNumBones == 0 || in->mBones == nullptr)
            continue;
        MeshData& mesh = scene.meshes[std::size_t(mesh_remap[m])];
        MeshSkin skin;
        AuthoredInfluences influences(mesh.positions.size());
        std::size_t unmatched = 0, bad_weights = 0;
        for (unsigned b = 0; b < in->mNumBones; ++b) {
            const aiBone* bone = in->mBones[b];
            if (bone == nullptr) continue;
            const auto node = node_by_name.find(to_string(bone->mName));
            const glm::mat4 offset = to_glm(bone->mOffsetMatrix);
            bool offset_ok = true;
            for (int c = 0; c < 4; ++c)
                offset_ok =
                    offset_ok && is_finite(glm::vec3(offset[c])) && std::isfinite(offset[c].w);
            if (node == node_by_name.end() || !offset_ok) {
                ++unmatched;
                continue;
            }
            const auto joint = std::uint32_t(skin.joints.size());
            skin.joints.push_back({node->second, offset});
            for (unsigned w = 0; w < bone->mNumWeights && bone->mWeights != nullptr; ++w) {
                const aiVertexWeight& weight = bone->mWeights[w];
                if (weight.mVertexId >= influences.size() || !std::isfinite(weight.mWeight)) {
                    ++bad_weights;
                    continue;
                }
                influences[weight.mVertexId].emplace_back(joint, weight.mWeight);
            }
        }
        if (unmatched > 0) {
            scene.notes.push_back("mesh " + display_name(mesh.name) + ": " +
                                  std::to_string(unmatched) +
                                  " bones name no node (or have a bad offset matrix) and are "
                                  "ignored");
        }
        if (bad_weights > 0) {
            scene.notes.push_back("mesh " + display_name(mesh.name) + ": " +
                                  std::to_string(bad_weights) +
                                  " bone weights name a missing vertex or are not finite");
        }
        if (skin.joints.empty()) continue;
        const SkinWeightSummary summary = normalize_skin_weights(skin, influences);
        if (summary.vertices_over_four > 0) {
            scene.notes.push_back("mesh " + display_name(mesh.name) + ": " +
                                  std::to_string(summary.vertices_over_four) +
                                  " vertices have more than 4 bone influences (up to " +
                                  std::to_string(summary.most_influences) +
                                  "); skinning blends them all");
        }
        if (summary.unweighted > 0) {
            scene.notes.push_back("mesh " + display_name(mesh.name) + ": " +
                                  std::to_string(summary.unweighted) +
                                  " vertices have no bone weights; they follow the mesh's node");
        }
        mesh.skin = std::move(skin);
    }
}

/// Sorts keys by time (stable, so equal times keep the file's order: a step), drops keys with
/// non-finite times or values, normalises quaternions. Returns how many keys were dropped.
template <class Key, class Valid>
std::size_t clean_keys(std::vector<Key>& keys, Valid valid) {
    const std::size_t before = keys.size();
    std::erase_if(keys, [&](const Key& key) { return !std::isfinite(key.time) || !valid(key); });
    std::stable_sort(keys.begin(), keys.end(),
                     [](const Key& a, const Key& b) { return a.time < b.time; });
    return before - keys.size();
}

std::size_t clean_channel(NodeChannel& channel) {
    std::size_t dropped = 0;
    const auto vector_ok = [](const VectorKey& key) { return is_finite(key.value); };
    dropped += clean_keys(channel.positions, vector_ok);
    dropped += clean_keys(channel.scales, vector_ok);
    dropped += clean_keys(channel.rotations, [](const RotationKey& key) {
        const float length = glm::length(key.value);
        return std::isfinite(length) && length > 0.0f;
    });
    for (RotationKey& key : channel.rotations)
        key.value = glm::normalize(key.value);
    return dropped;
}

/// Morph-weight channels name the node whose meshes they drive.
std::size_t copy_morph_channels(const aiAnimation& in,
                                const std::unordered_map<std::string, std::uint32_t>& node_by_name,
                                AnimationClip& clip, double& last_key) {
    std::size_t unmatched = 0;
    for (unsigned c = 0; c < in.mNumMorphMeshChannels && in.mMorphMeshChannels != nullptr; ++c) {
        const aiMeshMorphAnim* channel_in = in.mMorphMeshChannels[c];
        if (channel_in == nullptr) continue;
        const auto found = node_by_name.find(to_string(channel_in->mName));
        if (found == node_by_name.end()) {
            ++unmatched;
            continue;
        }
        MorphChannel channel;
        channel.node = found->second;
        for (unsigned k = 0; k < channel_in->mNumKeys && channel_in->mKeys != nullptr; ++k) {
            const aiMeshMorphKey& key_in = channel_in->mKeys[k];
            if (!std::isfinite(key_in.mTime)) continue;
            MorphKey key;
            key.time = key_in.mTime;
            const unsigned values =
                present(present(key_in.mNumValuesAndWeights, key_in.mValues), key_in.mWeights);
            for (unsigned i = 0; i < values; ++i) {
                const unsigned target = key_in.mValues[i];
                const double weight = key_in.mWeights[i];
                if (target > 4096 || !std::isfinite(weight)) continue;  // no real mesh has more
                if (key.weights.size() <= target) key.weights.resize(target + 1, 0.0f);
                key.weights[target] = float(weight);
            }
            last_key = std::max(last_key, key.time);
            channel.keys.push_back(std::move(key));
        }
        std::stable_sort(channel.keys.begin(), channel.keys.end(),
                         [](const MorphKey& a, const MorphKey& b) { return a.time < b.time; });
        if (!channel.keys.empty()) clip.morph_channels.push_back(std::move(channel));
    }
    return unmatched;
}

void copy_animations(const aiScene& source, Scene& scene) {
    const auto node_by_name = nodes_by_name(scene);

    for (unsigned a = 0; a < present(source.mNumAnimations, source.mAnimations); ++a) {
        const aiAnimation* in = source.mAnimations[a];
        if (in == nullptr) continue;
        AnimationClip clip;
        clip.name = to_string(in->mName);
        if (clip.name.empty()) clip.name = "clip " + std::to_string(a);
        clip.duration_ticks = std::isfinite(in->mDuration) ? in->mDuration : 0.0;
        // Assimp documents 0 as "not specified", to be read as 25 ticks per second.
        clip.ticks_per_second = std::isfinite(in->mTicksPerSecond) && in->mTicksPerSecond > 0.0
                                    ? in->mTicksPerSecond
                                    : 25.0;
        double last_key = 0.0;
        std::size_t unmatched = 0, dropped_keys = 0;
        for (unsigned c = 0; c < present(in->mNumChannels, in->mChannels); ++c) {
            const aiNodeAnim* channel_in = in->mChannels[c];
            if (channel_in == nullptr) continue;
            const auto found = node_by_name.find(to_string(channel_in->mNodeName));
            if (found == node_by_name.end()) {
                ++unmatched;
                continue;
            }
            NodeChannel channel;
            channel.node = found->second;
            channel.pre_state = to_extrapolation(channel_in->mPreState);
            channel.post_state = to_extrapolation(channel_in->mPostState);
            for (unsigned k = 0;
                 k < present(channel_in->mNumPositionKeys, channel_in->mPositionKeys); ++k) {
                const aiVectorKey& key = channel_in->mPositionKeys[k];
                channel.positions.push_back({key.mTime, to_glm(key.mValue)});
                last_key = std::max(last_key, key.mTime);
            }
            for (unsigned k = 0;
                 k < present(channel_in->mNumRotationKeys, channel_in->mRotationKeys); ++k) {
                const aiQuatKey& key = channel_in->mRotationKeys[k];
                // aiQuaternion is (w, x, y, z), and so is this glm::quat constructor.
                const aiQuaternion& q = key.mValue;
                channel.rotations.push_back({key.mTime, glm::quat(q.w, q.x, q.y, q.z)});
                last_key = std::max(last_key, key.mTime);
            }
            for (unsigned k = 0; k < present(channel_in->mNumScalingKeys, channel_in->mScalingKeys);
                 ++k) {
                const aiVectorKey& key = channel_in->mScalingKeys[k];
                channel.scales.push_back({key.mTime, to_glm(key.mValue)});
                last_key = std::max(last_key, key.mTime);
            }
            dropped_keys += clean_channel(channel);
            clip.channels.push_back(std::move(channel));
        }
        unmatched += copy_morph_channels(*in, node_by_name, clip, last_key);
        if (!(clip.duration_ticks > 0.0) && std::isfinite(last_key)) clip.duration_ticks = last_key;
        if (dropped_keys > 0) {
            scene.notes.push_back("animation " + display_name(clip.name) + ": " +
                                  std::to_string(dropped_keys) +
                                  " keys with a non-finite time or value were dropped");
        }
        if (unmatched > 0) {
            scene.notes.push_back("animation " + display_name(clip.name) + ": " +
                                  std::to_string(unmatched) +
                                  " channels name no node and are ignored");
        }
        if (in->mNumMeshChannels > 0) {
            scene.notes.push_back("animation " + display_name(clip.name) + ": " +
                                  std::to_string(in->mNumMeshChannels) +
                                  " mesh channels (whole-mesh replacement keys) are ignored");
        }
        if (clip.channels.empty() && clip.morph_channels.empty()) {
            scene.notes.push_back("animation " + display_name(clip.name) +
                                  " animates no node and is ignored");
            continue;
        }
        scene.clips.push_back(std::move(clip));
    }
}

/// Refuses the file with Assimp's reason, or `fallback` when it left none. Assimp catches its
/// own exceptions and keeps only their what(), so a file that claims more elements than memory
/// holds (a PLY header's 2^31 faces) would say just "std::bad_alloc".
[[noreturn]] void throw_assimp_error(const std::filesystem::path& path,
                                     const Assimp::Importer& importer, const char* fallback) {
    const std::string reason = importer.GetErrorString();
    if (reason.empty()) throw LoadError(path, fallback);
    if (reason.find("bad_alloc") != std::string::npos)
        throw LoadError(path, std::string(kClaimsMoreThanMemory), LoadFailure::MemoryLimit);
    throw LoadError(path, reason);
}

/// Assimp 5.2's PLY reader loops forever on a header without "end_header" (a truncated file),
/// and no progress callback interrupts it; so a PLY header must end before Assimp sees it.
void check_ply_header(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::string head(4, '\0');
    file.read(head.data(), std::streamsize(head.size()));
    if (file.gcount() < 4 || head.compare(0, 3, "ply") != 0 || (head[3] != '\n' && head[3] != '\r'))
        return;
    head.resize(std::size_t(1) << 20);  // headers are small, but comments may be long
    file.read(head.data() + 4, std::streamsize(head.size() - 4));
    head.resize(4 + std::size_t(file.gcount()));
    if (head.find("end_header") == std::string::npos)
        throw LoadError(path, "the PLY header has no end_header (a truncated file?)");
}

}  // namespace

std::vector<std::string> model_extensions() {
    // Assimp lists "*.3ds;*.obj;...": split at ';' and drop the '*'.
    Assimp::Importer importer;
    std::string list;
    importer.GetExtensionList(list);
    std::vector<std::string> extensions;
    std::size_t start = 0;
    while (start < list.size()) {
        std::size_t end = list.find(';', start);
        if (end == std::string::npos) end = list.size();
        std::string item = list.substr(start, end - start);
        if (!item.empty() && item[0] == '*') item.erase(0, 1);
        std::transform(item.begin(), item.end(), item.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        if (item.size() > 1 && item[0] == '.' &&
            std::find(extensions.begin(), extensions.end(), item) == extensions.end())
            extensions.push_back(item);
        start = end + 1;
    }
    std::sort(extensions.begin(), extensions.end());
    return extensions;
}

Scene load_with_assimp(const std::filesystem::path& path, LoadProgress* progress) {
    const auto cancelled = [progress] { return progress != nullptr && progress->cancel.load(); };
    if (cancelled()) throw LoadError(path, "loading was cancelled", LoadFailure::Cancelled);
    if (progress) progress->fraction = 0.0f;
    check_ply_header(path);

    Assimp::Importer importer;
    importer.SetProgressHandler(new ProgressBridge(progress));  // the importer owns it
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE,
                                aiPrimitiveType_POINT | aiPrimitiveType_LINE);

    // Read first and post-process second (ReadFile(path, flags) does the same inside), so we
    // can look at the primitives before SortByPType removes points and lines: a file without
    // a single polygon gets a clear message instead of a validation error.
    const aiScene* raw = importer.ReadFile(path.string(), 0);
    if (cancelled()) throw LoadError(path, "loading was cancelled", LoadFailure::Cancelled);
    if (raw == nullptr)
        throw_assimp_error(path, importer,
                           "Assimp could not read it (unsupported or corrupt format)");
    const PrimitiveCounts counts = count_primitives(*raw);
    if (counts.polygons == 0) {
        throw LoadError(path, "contains no triangles" +
                                  (counts.points_and_lines > 0
                                       ? " (only " + std::to_string(counts.points_and_lines) +
                                             " points and lines)"
                                       : std::string()));
    }
    const std::size_t points_and_lines = counts.points_and_lines;

    const aiScene* source = importer.ApplyPostProcessing(kPostProcessFlags);
    if (cancelled()) throw LoadError(path, "loading was cancelled", LoadFailure::Cancelled);
    if (source == nullptr)
        throw_assimp_error(path, importer, "Assimp's post-processing rejected it");
    if (source->mRootNode == nullptr) throw LoadError(path, "the file has no node hierarchy");

    Scene scene = scene_from_assimp(*source, path);
    if (points_and_lines > 0) {
        scene.notes.insert(scene.notes.begin(), std::to_string(points_and_lines) +
                                                    " line/point primitives were dropped");
    }
    if (progress) progress->fraction = 1.0f;
    return scene;
}

Scene scene_from_assimp(const aiScene& source, const std::filesystem::path& path) {
    if (source.mRootNode == nullptr) throw LoadError(path, "the file has no node hierarchy");
    Scene scene;
    scene.source = path.string();
    if (source.mFlags & AI_SCENE_FLAGS_INCOMPLETE) {
        scene.notes.push_back("Assimp marked the scene as incomplete");
    }
    scene.materials = copy_materials(source, path, scene.notes);
    const std::vector<std::int32_t> mesh_remap = copy_meshes(source, scene);
    copy_nodes(*source.mRootNode, mesh_remap, scene);
    copy_skins(source, mesh_remap, scene);
    copy_animations(source, scene);
    return scene;
}

}  // namespace assets
